/*
 * wire.c: the PMI-1 wire protocol as spoken by MPICH's hydra mpiexec.
 *
 * Each request is one line of space-separated key=value fields starting
 * with cmd=..., answered by exactly one line of the same form.  Values
 * therefore cannot hold spaces or newlines; kvs.c rejects such keys and
 * values before they reach the wire.
 */
#include "pmi_impl.h"

#include <pmi.h>

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* Bytes read from the launcher beyond the end of the last line.  The
 * protocol is strict request/response, so this is normally empty; it is
 * kept so a reply that arrives in pieces or together with nothing else
 * is still read one line at a time. */
static char pending[PMI_LINE_MAX];
static size_t npending;

void pmi_wire_reset(void)
{
    npending = 0;
}

int pmi_parse_int(const char *s, int *out)
{
    char *end;
    long v;

    if (s == NULL || *s == '\0')
        return -1;
    errno = 0;
    v = strtol(s, &end, 10);
    if (errno != 0 || *end != '\0' || v < INT_MIN || v > INT_MAX)
        return -1;
    *out = (int)v;
    return 0;
}

static int write_all(int fd, const char *buf, size_t len)
{
    while (len > 0) {
        /* MSG_NOSIGNAL: a launcher that died must give an error here,
         * not kill the client with SIGPIPE. */
        ssize_t n = send(fd, buf, len, MSG_NOSIGNAL);
        if (n < 0 && errno == ENOTSOCK)
            n = write(fd, buf, len);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        buf += n;
        len -= (size_t)n;
    }
    return 0;
}

/* Read one '\n'-terminated line into line (NUL replacing the newline). */
static int read_line(int fd, char *line, size_t cap)
{
    for (;;) {
        char *nl = memchr(pending, '\n', npending);
        if (nl != NULL) {
            size_t len = (size_t)(nl - pending);
            if (len >= cap)
                return -1;
            memcpy(line, pending, len);
            line[len] = '\0';
            npending -= len + 1;
            memmove(pending, nl + 1, npending);
            return 0;
        }
        if (npending == sizeof pending)
            return -1;              /* line longer than the protocol allows */
        ssize_t n = read(fd, pending + npending, sizeof pending - npending);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;              /* launcher gone */
        npending += (size_t)n;
    }
}

static void split_fields(struct pmi_reply *reply)
{
    char *p = reply->line;

    reply->nfields = 0;
    while (*p != '\0' && reply->nfields < PMI_REPLY_MAX) {
        while (*p == ' ')
            p++;
        if (*p == '\0')
            break;
        char *tok = p;
        while (*p != '\0' && *p != ' ')
            p++;
        if (*p == ' ')
            *p++ = '\0';
        /* The first '=' separates: values may themselves contain '='. */
        char *eq = strchr(tok, '=');
        if (eq == NULL)
            continue;
        *eq = '\0';
        reply->key[reply->nfields] = tok;
        reply->val[reply->nfields] = eq + 1;
        reply->nfields++;
    }
}

const char *pmi_reply_get(const struct pmi_reply *reply, const char *key)
{
    for (int i = 0; i < reply->nfields; i++)
        if (strcmp(reply->key[i], key) == 0)
            return reply->val[i];
    return NULL;
}

int pmi_reply_int(const struct pmi_reply *reply, const char *key, int *out)
{
    return pmi_parse_int(pmi_reply_get(reply, key), out);
}

int pmi_wire_send(const char *request)
{
    if (write_all(pmi_job.fd, request, strlen(request)) != 0)
        return PMI_FAIL;
    return PMI_SUCCESS;
}

/* Send request (a full line, '\n' included) and read the one reply,
 * which must carry cmd=expect_cmd.  A reply with rc other than 0 is a
 * failure the caller inspects: PMI_FAIL is returned and reply is kept. */
int pmi_wire_call(const char *request, const char *expect_cmd,
                  struct pmi_reply *reply)
{
    const char *cmd;
    int rc;

    if (pmi_wire_send(request) != PMI_SUCCESS)
        return PMI_FAIL;
    if (read_line(pmi_job.fd, reply->line, sizeof reply->line) != 0)
        return PMI_FAIL;
    split_fields(reply);
    cmd = pmi_reply_get(reply, "cmd");
    if (cmd == NULL || strcmp(cmd, expect_cmd) != 0)
        return PMI_FAIL;
    if (pmi_reply_get(reply, "rc") != NULL &&
        (pmi_reply_int(reply, "rc", &rc) != 0 || rc != 0))
        return PMI_FAIL;
    return PMI_SUCCESS;
}
