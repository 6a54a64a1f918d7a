/*
 * The few C library functions the engine's Embedded Swift code calls, for
 * wasm32-unknown-none-wasm, where there is no C library: an allocator, memory
 * functions, round, __multi3 and arc4random_buf. scripts/package-web compiles
 * this with the toolchain's clang and links it with the engine by wasm-ld, so
 * the module imports nothing.
 *
 * The allocator serves fw_pager_create and the engine's few growable buffers
 * (row lengths, the event queue): a first-fit free list over memory taken
 * with memory.grow, blocks coalesced on free. The engine allocates nothing
 * per input or frame (Tests/web/run checks that memory does not grow and that
 * fourway_wasm_allocation_count stays put over a long drag).
 */
#include <stddef.h>
#include <stdint.h>

#define PAGE_SIZE 65536u
#define ALIGNMENT 16u

/* A block: its header, then its bytes. `size` counts the header; free
   blocks are chained in address order through `next`. */
typedef struct block {
    size_t size;
    struct block *next;
    size_t padding[2]; /* the header is ALIGNMENT bytes, so user pointers stay aligned */
} block;

extern unsigned char __heap_base;
static unsigned char *heap_end;
static block *free_list;
static uint32_t allocation_count;

/* Calls of malloc and posix_memalign so far: the tests read it to prove that
   input and frames allocate nothing. */
__attribute__((export_name("fourway_wasm_allocation_count")))
uint32_t fourway_wasm_allocation_count(void) { return allocation_count; }

static size_t round_up(size_t value, size_t to) { return (value + to - 1) / to * to; }

/* Takes at least `size` more bytes from the host; NULL when it refuses. */
static block *grow(size_t size) {
    if (!heap_end) heap_end = (unsigned char *)round_up((size_t)&__heap_base, ALIGNMENT);
    size_t end = (size_t)__builtin_wasm_memory_size(0) * PAGE_SIZE;
    if ((size_t)heap_end + size > end) {
        size_t pages = round_up((size_t)heap_end + size - end, PAGE_SIZE) / PAGE_SIZE;
        if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return NULL;
    }
    block *fresh = (block *)heap_end;
    fresh->size = size;
    heap_end += size;
    return fresh;
}

static void *allocate(size_t requested) {
    if (requested > 0x40000000u) return NULL;  /* no wasm32 heap holds a gigabyte more */
    size_t size = round_up(requested + sizeof(block), ALIGNMENT);
    allocation_count++;
    block **link = &free_list;
    for (block *candidate = free_list; candidate; link = &candidate->next, candidate = candidate->next) {
        if (candidate->size < size) continue;
        if (candidate->size - size >= 2 * sizeof(block)) {
            block *rest = (block *)((unsigned char *)candidate + size);
            rest->size = candidate->size - size;
            rest->next = candidate->next;
            candidate->size = size;
            *link = rest;
        } else {
            *link = candidate->next;
        }
        return candidate + 1;
    }
    block *fresh = grow(size);
    return fresh ? fresh + 1 : NULL;
}

void *malloc(size_t size) { return allocate(size); }

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (alignment > ALIGNMENT) return 12; /* ENOMEM: the engine asks for at most 16 */
    void *memory = allocate(size);
    if (!memory) return 12;
    *out = memory;
    return 0;
}

/* For the JavaScript wrapper (Web/fourway-pager.js): its one scratch block,
   where it passes structs and arrays to the fw_ functions and reads them back. */
__attribute__((export_name("fourway_wasm_malloc")))
void *fourway_wasm_malloc(size_t size) { return allocate(size); }

void free(void *pointer) {
    if (!pointer) return;
    block *freed = (block *)pointer - 1;
    block *previous = NULL, *next = free_list;
    while (next && next < freed) { previous = next; next = next->next; }
    freed->next = next;
    if (next && (unsigned char *)freed + freed->size == (unsigned char *)next) {
        freed->size += next->size;
        freed->next = next->next;
    }
    if (previous && (unsigned char *)previous + previous->size == (unsigned char *)freed) {
        previous->size += freed->size;
        previous->next = freed->next;
    } else if (previous) {
        previous->next = freed;
    } else {
        free_list = freed;
    }
}

/* memory.copy and memory.fill (bulk memory, in every browser and Node since 2021). */
void *memcpy(void *to, const void *from, size_t count) {
    __builtin_memcpy(to, from, count);
    return to;
}

void *memmove(void *to, const void *from, size_t count) {
    __builtin_memmove(to, from, count);
    return to;
}

void *memset(void *to, int value, size_t count) {
    __builtin_memset(to, value, count);
    return to;
}

__attribute__((export_name("fourway_wasm_free")))
void fourway_wasm_free(void *pointer) { free(pointer); }

int memcmp(const void *a, const void *b, size_t count) {
    const unsigned char *left = a, *right = b;
    for (size_t i = 0; i < count; i++)
        if (left[i] != right[i]) return left[i] < right[i] ? -1 : 1;
    return 0;
}

size_t strlen(const char *text) {
    size_t length = 0;
    while (text[length]) length++;
    return length;
}

/* Half away from zero, as C's round; wasm's f64.nearest rounds half to even. */
double round(double value) {
    double whole = __builtin_trunc(value);
    double rest = value - whole; /* exact */
    if (rest >= 0.5) return whole + 1;
    if (rest <= -0.5) return whole - 1;
    return whole;
}

/* The low 128 bits of a 128-bit product, from 64-bit halves (no compiler-rt
   for wasm32 ships with the toolchain). */
typedef unsigned __int128 u128;
u128 __multi3(u128 a, u128 b) {
    uint64_t a_low = (uint64_t)a, a_high = (uint64_t)(a >> 64);
    uint64_t b_low = (uint64_t)b, b_high = (uint64_t)(b >> 64);
    uint64_t a0 = (uint32_t)a_low, a1 = a_low >> 32, b0 = (uint32_t)b_low, b1 = b_low >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t middle = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
    uint64_t low = (middle << 32) | (uint32_t)p00;
    uint64_t high = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32);
    high += a_low * b_high + a_high * b_low;
    return ((u128)high << 64) | low;
}

/* Seeds the standard library's hashing. There is no entropy here and the
   engine needs none: a fixed seed keeps runs deterministic. */
void arc4random_buf(void *buffer, size_t count) {
    unsigned char *bytes = buffer;
    uint32_t state = 0x9e3779b9u;
    for (size_t i = 0; i < count; i++) {
        state = state * 1664525u + 1013904223u;
        bytes[i] = (unsigned char)(state >> 24);
    }
}
