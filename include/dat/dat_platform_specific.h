/*
 * dat/dat_platform_specific.h - uDAPL 1.2 platform types.
 *
 * The scalar types every other DAT header is built from.  Values and
 * widths follow the uDAPL 1.2 ABI on LP64 POSIX systems (Solaris/illumos
 * libdat, OFA dapl-1.2): DAT_COUNT is an int, addresses and lengths are
 * always 64 bits whatever the pointer size, IA addresses are native
 * struct sockaddr.  Part of the rdmacts common ABI.
 */
#ifndef _DAT_PLATFORM_SPECIFIC_H_
#define _DAT_PLATFORM_SPECIFIC_H_

#include <stddef.h>     /* NULL */
#include <stdint.h>     /* uint32_t, uint64_t, UINT64_C */
#include <sys/socket.h> /* struct sockaddr */
#include <netinet/in.h> /* struct sockaddr_in6, AF_INET, AF_INET6 */

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Alignment the Provider recommends for every buffer segment (the
 * "Optimal Buffer Alignment" of dat_ep_post_rdma_write(3DAT) USAGE).
 * A build may override it.
 */
#ifndef DAT_OPTIMAL_ALIGNMENT
#define DAT_OPTIMAL_ALIGNMENT 256
#endif

typedef uint32_t           DAT_UINT32;    /* unsigned, host order, 32 bits */
typedef uint64_t           DAT_UINT64;    /* unsigned, host order, 64 bits */
typedef unsigned long long DAT_UVERYLONG; /* longest native unsigned */
typedef void              *DAT_PVOID;
typedef int                DAT_COUNT;     /* counts and sizes: int in 1.2 */
typedef DAT_UINT64         DAT_PADDR;

/* IA addresses are the OS's socket addresses (IPv4 or IPv6). */
typedef struct sockaddr     DAT_SOCK_ADDR;
typedef struct sockaddr_in6 DAT_SOCK_ADDR6;

#define DAT_AF_INET  AF_INET
#define DAT_AF_INET6 AF_INET6

#ifndef UINT64_C
#define UINT64_C(c) c ## ULL
#endif

/*
 * Direction markers used in the man page synopses.  They expand to
 * nothing; client code written against the 1.2 headers uses them too.
 */
#ifndef IN
#define IN
#endif
#ifndef OUT
#define OUT
#endif
#ifndef INOUT
#define INOUT
#endif

#ifdef __cplusplus
}
#endif

#endif /* _DAT_PLATFORM_SPECIFIC_H_ */
