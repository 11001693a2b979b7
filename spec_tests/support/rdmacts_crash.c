/*
 * rdmacts_crash.c: where a test crashed, for the report's grouping of
 * failures by cause (docs/corpus-protocol.md, "Crash site").
 *
 * Under `--run`, a fatal signal (SIGSEGV, SIGBUS, SIGILL, SIGFPE,
 * SIGABRT) first writes one line on the verdict record:
 *
 *   RDMACTS-CRASH signal=<NAME> frames=<frame>;<frame>;...
 *
 * innermost first, starting at the instruction that faulted, at most
 * RT_CRASH_FRAMES; a frame is `symbol+0xoff@object` when the address is
 * inside an exported symbol of a shared object, else `object+0xoff`.
 * A first line names the faulting instruction alone; the full one
 * follows (the harness keeps the last whole line: unwinding from code
 * that was unmapped under the test may itself fault).  Then the
 * signal's default action ends the process as it would have:
 * the verdict stays CRASH (the harness takes the signal from the exit
 * status, never from this line), the line only says where.
 *
 * The handler runs on its own stack (a stack overflow is a crash too)
 * and calls only what is loaded beforehand: backtrace() once at arming,
 * so that its first use inside the handler allocates nothing.
 */
#include <dlfcn.h>
#include <execinfo.h>
#include <link.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>

#include "rdmacts_internal.h"

#define RT_CRASH_FRAMES 8

static const struct { int sig; const char *name; } fatal[] = {
    {SIGSEGV, "SIGSEGV"}, {SIGBUS, "SIGBUS"}, {SIGILL, "SIGILL"},
    {SIGFPE, "SIGFPE"}, {SIGABRT, "SIGABRT"},
};

static char alt_stack[64 * 1024];

/* The address that faulted, from the signal's context, or NULL. */
static void *fault_pc(void *uc_ptr)
{
    ucontext_t *uc = uc_ptr;
#if defined(__x86_64__)
    return (void *)uc->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
    return (void *)uc->uc_mcontext.pc;
#else
    (void)uc;
    return NULL;
#endif
}

/* After a call through a NULL function pointer (pc 0), where the call
 * came from: the return address the call left (x86-64: on the stack;
 * AArch64: in the link register), or NULL. */
static void *null_call_site(void *uc_ptr)
{
    ucontext_t *uc = uc_ptr;
#if defined(__x86_64__)
    return *(void **)uc->uc_mcontext.gregs[REG_RSP];
#elif defined(__aarch64__)
    return (void *)uc->uc_mcontext.regs[30];
#else
    (void)uc;
    return NULL;
#endif
}

/* "symbol+0xoff@object" or "object+0xoff", without blanks or ';'. */
static void frame_text(char *out, size_t n, void *addr)
{
    Dl_info info;
    const ElfW(Sym) *sym = NULL;
    const char *obj, *slash;

    if (!dladdr1(addr, &info, (void **)&sym, RTLD_DL_SYMENT) || !info.dli_fname) {
        snprintf(out, n, "unmapped+0x%lx", (unsigned long)addr);
        return;
    }
    obj = info.dli_fname;
    slash = strrchr(obj, '/');
    obj = slash ? slash + 1 : obj;
    if (!*obj)
        obj = "main";
    if (info.dli_sname && info.dli_saddr && sym &&
        (char *)addr < (char *)info.dli_saddr + sym->st_size)
        snprintf(out, n, "%s+0x%lx@%s", info.dli_sname,
                 (unsigned long)((char *)addr - (char *)info.dli_saddr), obj);
    else
        snprintf(out, n, "%s+0x%lx", obj,
                 (unsigned long)((char *)addr - (char *)info.dli_fbase));
    for (char *p = out; *p; p++)
        if (*p == ' ' || *p == ';' || *p == '\t' || *p == '\n')
            *p = '_';
}

static void on_fatal(int sig, siginfo_t *si, void *uc)
{
    void *frames[32];
    char line[2048], one[256];
    const char *name = "?";
    int n, first = 0, shown = 0;
    void *pc = fault_pc(uc);
    size_t len;

    (void)si;
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
        if (fatal[i].sig == sig)
            name = fatal[i].name;
    if (pc) {
        frame_text(one, sizeof one, pc);
        snprintf(line, sizeof line, "RDMACTS-CRASH signal=%s frames=%s\n", name, one);
        rt_record_line(line);
    }
    n = backtrace(frames, 32);
    /* skip this handler and the kernel's return trampoline */
    first = n > 2 ? 2 : n;
    for (int i = 0; pc && i < n; i++)
        if (frames[i] == pc) {
            first = i;
            break;
        }
    len = (size_t)snprintf(line, sizeof line, "RDMACTS-CRASH signal=%s frames=", name);
    if (!pc && sig == SIGSEGV && null_call_site(uc)) {
        /* a call through NULL: the unwinder cannot go past address 0 */
        frame_text(one, sizeof one, null_call_site(uc));
        len += (size_t)snprintf(line + len, sizeof line - len, "NULL;%s", one);
        n = 0;
    } else if (pc && (first >= n || frames[first] != pc)) {
        frame_text(one, sizeof one, pc);
        len += (size_t)snprintf(line + len, sizeof line - len, "%s", one);
        shown++;
    }
    for (int i = first; i < n && shown < RT_CRASH_FRAMES && len < sizeof line; i++, shown++) {
        frame_text(one, sizeof one, frames[i]);
        len += (size_t)snprintf(line + len, sizeof line - len, "%s%s",
                                shown ? ";" : "", one);
    }
    if (len < sizeof line - 1)
        strcpy(line + len, "\n");
    rt_record_line(line);
    /* SA_RESETHAND restored the default action: the signal ends us */
    raise(sig);
}

void rt_crash_arm(void)
{
    stack_t ss = {.ss_sp = alt_stack, .ss_size = sizeof alt_stack};
    struct sigaction sa;
    void *warm[2];

    if (!rt_record_active())
        return;
    backtrace(warm, 2);  /* loads the unwinder now, not in the handler */
    sigaltstack(&ss, NULL);
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_fatal;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
        sigaction(fatal[i].sig, &sa, NULL);
}
