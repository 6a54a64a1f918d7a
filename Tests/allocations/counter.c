// Counts heap allocations made by this process while counting is on.
// Linked into the test program itself, these definitions interpose the C
// library's for every caller (the Swift runtime included) and forward to
// glibc's internal entry points, which stay exported for exactly this use.
#include <stddef.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static volatile int counting;
static volatile long allocations;

static void note(void) {
    if (counting) __atomic_add_fetch(&allocations, 1, __ATOMIC_RELAXED);
}

void *malloc(size_t size) { note(); return __libc_malloc(size); }
void *calloc(size_t count, size_t size) { note(); return __libc_calloc(count, size); }
void *realloc(void *pointer, size_t size) { note(); return __libc_realloc(pointer, size); }
void *memalign(size_t alignment, size_t size) { note(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { note(); return __libc_memalign(alignment, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
    note();
    void *pointer = __libc_memalign(alignment, size);
    if (!pointer) return 12;  // ENOMEM
    *out = pointer;
    return 0;
}
void free(void *pointer) { __libc_free(pointer); }

void allocations_start(void) { allocations = 0; counting = 1; }
long allocations_stop(void) { counting = 0; return allocations; }
