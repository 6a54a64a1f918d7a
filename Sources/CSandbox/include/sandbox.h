// What a decoder process needs from the kernel that Swift cannot say
// directly: descriptors passed over a Unix socket (SCM_RIGHTS), sealed memfds,
// starting the process, and the sandbox's layers (namespaces, Landlock,
// no_new_privs, a seccomp filter through libseccomp). docs/SECURITY.md says
// what each layer stops.
#ifndef FOURWAY_SANDBOX_H
#define FOURWAY_SANDBOX_H
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/// The most descriptors one message carries.
#define FW_MESSAGE_MAX_FDS 4

/// Sends `length` bytes and `fd_count` descriptors as one message on a
/// SOCK_SEQPACKET socket. 0, or -1 with errno.
int fw_message_send(int socket, const void *bytes, size_t length, const int *fds, int fd_count);

/// Receives one message: its length (0 when the other end closed), or -1
/// with errno. Descriptors arrive close-on-exec in `fds` (`*fd_count` of
/// them); a message cut short or with more descriptors than fit is -1 with
/// EMSGSIZE and its descriptors closed.
ssize_t fw_message_receive(int socket, void *bytes, size_t capacity, int *fds, int fd_capacity, int *fd_count);

/// Waits up to `milliseconds` for `socket` to be readable (or closed): 1 when
/// it is, 0 on time out, -1 with errno.
int fw_wait_readable(int socket, int milliseconds);

/// A memfd holding `length` bytes copied from `bytes`, sealed against every
/// change (shrink, grow, write, further seals): the reader may map it and
/// trust its size. -1 with errno.
int fw_sealed_memfd(const void *bytes, size_t length);

/// A memfd of `length` zero bytes, shared and writable by both sides (the
/// decode's cancellation word and progress), mapped at `*mapping`. -1 with errno.
int fw_shared_page(size_t length, void **mapping);

/// Copies a sealed memfd's `length` bytes into `out`: 0, or -1 with errno
/// (EINVAL when its seals or size are not what a sealed answer has).
int fw_sealed_memfd_read(int fd, void *out, size_t length);

/// Starts `executable` with `argv` (NULL-terminated) and the current
/// environment, its stdin, stdout and stderr on /dev/null, `socket` as descriptor 3 and
/// `shared` as 4, and every other descriptor above 2 closed. 0 with `*pid`
/// set, or an errno value.
int fw_spawn_decoder(const char *executable, char *const argv[], int socket, int shared, pid_t *pid);

/// The sandbox's layers, as bits of what fw_sandbox_* returns.
enum {
    FW_LAYER_USER_NAMESPACE = 1 << 0,
    FW_LAYER_NET_NAMESPACE = 1 << 1,
    FW_LAYER_MOUNT_NAMESPACE = 1 << 2,
    FW_LAYER_IPC_NAMESPACE = 1 << 3,
    FW_LAYER_LANDLOCK = 1 << 4,
    FW_LAYER_NO_NEW_PRIVS = 1 << 5,
    FW_LAYER_SECCOMP = 1 << 6,
    FW_LAYER_MEMORY_LIMIT = 1 << 7,
};

/// New user, network, mount and IPC namespaces for the calling process,
/// which must have one thread. Returns the layers in force; with the user
/// namespace refused, the others are tried without it.
int fw_sandbox_unshare(void);

/// The rest of the layers, in order: the data limit (RLIMIT_DATA,
/// `data_limit_bytes`; 0 leaves it), no_new_privs, Landlock (no file system
/// access at all), and the seccomp filter. Applies to every thread of the
/// process (seccomp's TSYNC). Returns the layers in force.
int fw_sandbox_lock(uint64_t data_limit_bytes, int answer_socket);

/// Landlock's ABI version here, or a negative errno (-ENOSYS, -EOPNOTSUPP).
int fw_landlock_abi(void);

/// Names the calling thread (what `ps` and `top` show as the process's name
/// when it is the main thread), at most 15 bytes.
void fw_name_thread(const char *name);

/// Closes every descriptor from `first` up.
void fw_close_from(int first);
#endif
