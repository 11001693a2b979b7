/*
 * wait: the interruptible wait of the NIC model (nic_wait_*, clock.c).
 *
 * GNI_WaitErrorEvents, dat_evd_wait and dat_cno_wait end when a signal
 * is handled during the wait.  The corpus can only send signals from
 * outside at random moments; these checks pin the moments an API cannot
 * choose: a signal raised while the call polls (between two sleeps) must
 * still end it, a signal the caller blocked must not, and the caller's
 * mask must come back unchanged.  Prints PASS/FAIL per check; exit 1 on
 * any failure.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include "../nic.h"

static volatile sig_atomic_t handled;
static int failed;

static void on_signal(int s)
{
	(void)s;
	handled++;
}

static void check(int ok, const char *name)
{
	printf("%s nic.wait.%s\n", ok ? "PASS" : "FAIL", name);
	failed |= !ok;
}

static sigset_t mask_now(void)
{
	sigset_t m;

	sigprocmask(SIG_BLOCK, NULL, &m);
	return m;
}

static int same_mask(const sigset_t *a, const sigset_t *b)
{
	for (int s = 1; s < NSIG; s++)
		if (sigismember(a, s) != sigismember(b, s))
			return 0;
	return 1;
}

int main(void)
{
	struct sigaction sa;
	struct nic_wait w;
	sigset_t before, during, usr2;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGUSR2, &sa, NULL);

	/* A quiet sleep is not an interruption. */
	nic_wait_begin(&w);
	int quiet = nic_wait_pause(&w);
	nic_wait_end(&w);
	check(quiet == 0 && handled == 0, "quiet_pause_not_interrupted");

	/* Raised while polling: held back, then taken by the next sleep. */
	before = mask_now();
	nic_wait_begin(&w);
	during = mask_now();
	raise(SIGUSR1);
	int held = handled == 0;
	int interrupted = nic_wait_pause(&w);
	nic_wait_end(&w);
	sigset_t after = mask_now();
	check(held, "signal_held_while_polling");
	check(interrupted == 1 && handled == 1, "signal_between_polls_interrupts");
	check(same_mask(&before, &after), "caller_mask_restored");

	/* Faults stay deliverable while the call polls. */
	check(!sigismember(&during, SIGSEGV) && !sigismember(&during, SIGBUS),
	      "faults_not_held");
	check(sigismember(&during, SIGINT) && sigismember(&during, SIGTERM),
	      "other_signals_held");

	/* A signal the caller blocked stays blocked through the sleep. */
	sigemptyset(&usr2);
	sigaddset(&usr2, SIGUSR2);
	sigprocmask(SIG_BLOCK, &usr2, NULL);
	handled = 0;
	nic_wait_begin(&w);
	raise(SIGUSR2);
	int blocked_pause = nic_wait_pause(&w);
	nic_wait_end(&w);
	check(blocked_pause == 0 && handled == 0, "caller_blocked_signal_stays_blocked");
	sigprocmask(SIG_UNBLOCK, &usr2, NULL);	/* delivered now */
	check(handled == 1, "caller_blocked_signal_still_pending");

	return failed;
}
