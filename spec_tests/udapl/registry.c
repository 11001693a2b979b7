/*
 * registry.c: libdat as a registry: the static registry (a temporary
 * dat.conf named by DAT_OVERRIDE), and the dynamic one, into which the
 * test registers a Provider of its own: a DAT_PROVIDER table whose
 * ia_open_func / ia_close_func are the test's, so that what libdat hands
 * the Provider can be observed.
 *
 * libdat may read its static registry once per process, so a test that
 * needs its own dat.conf runs its checks in a child process started with
 * DAT_OVERRIDE set (reg_child).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dlfcn.h>
#include <limits.h>
#include <link.h>
#include <sys/wait.h>
#include <unistd.h>

#include <dat/dat_registry.h>
#include "ut.h"

#define CHILD_ENV "RDMACTS_UDAPL_REGISTRY_CHILD"

/*
 * In the parent: writes conf to a file, runs this test again in a child
 * with DAT_OVERRIDE naming it, checks that the child passed, and returns
 * false.  In that child: returns true (the caller runs the checks).
 */
static bool reg_child(const char *conf, const char *cl)
{
	char path[64], self[4096];
	int status;
	FILE *f;
	pid_t pid;
	ssize_t n;

	if (getenv(CHILD_ENV))
		return true;
	snprintf(path, sizeof path, "/tmp/rdmacts-dat-%d.conf", (int)getpid());
	if (conf) {
		f = fopen(path, "w");
		RT_REQUIRE_TRUE(f != NULL, cl);
		fputs(conf, f);
		fclose(f);
	} else {
		unlink(path);	/* no static registry at all */
	}
	n = readlink("/proc/self/exe", self, sizeof self - 1);
	RT_REQUIRE_TRUE(n > 0, cl);
	self[n] = 0;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		setenv("DAT_OVERRIDE", path, 1);
		setenv(CHILD_ENV, "1", 1);
		execl(self, self, "--run", rt_current_test(), (char *)NULL);
		_exit(127);
	}
	RT_REQUIRE_TRUE(pid > 0, cl);
	waitpid(pid, &status, 0);
	unlink(path);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 77)
		rt_unsupported("see the child's reason");
	RT_EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0, cl);
	return false;
}

/*
 * A static registry in the documented dat.conf format (compat-dapl
 * man/dat.conf.5: the provider version is <id>.<major>.<minor>): regA,
 * regD; regB is "nondefault", which a registry may leave out
 * (E-UDAPL-071); a malformed line and a short one (regC) are skipped.
 */
#define CONF3 \
	"# a comment line\n" \
	"regA u1.2 nonthreadsafe default /nonexistent/libdat_none.so none.1.0 \"\" \"\"\n" \
	"this line is malformed\n" \
	"regB u1.2 threadsafe nondefault /nonexistent/libdat_none.so none.1.0 \"\" \"\"\n" \
	"regC u9.9\n" \
	"regD u1.1 nonthreadsafe default /nonexistent/libdat_none.so none.1.0 \"\" \"\"\n"

static DAT_COUNT list(DAT_PROVIDER_INFO *info, DAT_COUNT max, const char *cl)
{
	DAT_PROVIDER_INFO *p[64];
	DAT_COUNT n = -1;
	if (max == 0)
		return 0;	/* nothing to list (max 0 is count_providers) */
	for (DAT_COUNT i = 0; i < max && i < 64; i++)
		p[i] = &info[i];
	memset(info, 0x7f, sizeof *info * (size_t)max);
	UT_OK(dat_registry_list_providers(max, &n, p), cl);
	return n;
}

/*
 * How many entries the registry has: dat_registry_list_providers with
 * max_to_return 0, which returns DAT_SUCCESS or, the list being too
 * small, DAT_INVALID_PARAMETER, with the count either way (E-UDAPL-072).
 */
static DAT_COUNT count_providers(const char *cl)
{
	DAT_COUNT n = -1;
	DAT_RETURN rc = dat_registry_list_providers(0, &n, NULL);

	if (rc != DAT_SUCCESS)
		UT_RC_IN(rc, cl, DAT_INVALID_PARAMETER);
	RT_EXPECT_TRUE(n >= 0, cl);
	return n;
}

static const DAT_PROVIDER_INFO *find(const DAT_PROVIDER_INFO *info, DAT_COUNT n,
		const char *name)
{
	for (DAT_COUNT i = 0; i < n; i++)
		if (!strncmp(info[i].ia_name, name, DAT_NAME_MAX_LENGTH))
			return &info[i];
	return NULL;
}

#define C_SR "UDAPL-dat_conf-static-registry-read"
#define C_MAL "UDAPL-dat_conf-malformed-line-skipped"
#define C_LOK "UDAPL-dat_registry_list_providers-rc-success"
#define C_NAMEMAX "UDAPL-dat_registry_list_providers-name-max-length"
#define C_NOEFF "UDAPL-dat_registry_list_providers-no-effect-on-registry"
RT_TEST(reg_static, "udapl.registry_list_providers.static.dat_conf",
		C_SR "," C_MAL "," C_LOK "," C_NAMEMAX "," C_NOEFF)
{
	DAT_PROVIDER_INFO info[8], again[8];
	const DAT_PROVIDER_INFO *e;

	if (!reg_child(CONF3, C_SR))
		return;
	DAT_COUNT n = list(info, 8, C_LOK);
	/* the comment and two bad lines skipped; regB listed or not */
	bool with_b = find(info, n, "regB") != NULL;
	RT_EXPECT_EQ_INT(n, with_b ? 3 : 2, C_MAL);
	for (DAT_COUNT i = 0; i < n && i < 8; i++)
		RT_EXPECT_TRUE(memchr(info[i].ia_name, 0, DAT_NAME_MAX_LENGTH) != NULL, C_NAMEMAX);
	if ((e = find(info, n, "regA"))) {
		RT_EXPECT_EQ_INT(e->dapl_version_major, 1, C_SR);
		RT_EXPECT_EQ_INT(e->dapl_version_minor, 2, C_SR);
		RT_EXPECT_EQ_INT(e->is_thread_safe, DAT_FALSE, C_SR);
	} else {
		RT_FAIL(C_SR, "regA", "absent", "a dat.conf entry is not listed");
	}
	if ((e = find(info, n, "regB")))	/* nondefault: E-UDAPL-071 */
		RT_EXPECT_EQ_INT(e->is_thread_safe, DAT_TRUE, C_SR);
	if ((e = find(info, n, "regD")))
		RT_EXPECT_EQ_INT(e->dapl_version_minor, 1, C_SR);
	else
		RT_FAIL(C_MAL, "regD", "absent", "an entry after a malformed line is lost");
	RT_EXPECT_TRUE(find(info, n, "regC") == NULL, C_MAL);
	RT_EXPECT_EQ_INT(list(again, 8, C_NOEFF), n, C_NOEFF);
	RT_EXPECT_TRUE(memcmp(info, again, sizeof *info * (size_t)n) == 0, C_NOEFF);
}

#define C_SMALL "UDAPL-dat_registry_list_providers-rc-invalid-parameter-too-small"
#define C_LNULL "UDAPL-dat_registry_list_providers-rc-invalid-parameter-null"
RT_TEST(reg_small, "udapl.registry_list_providers.param.too_small", C_SMALL "," C_LNULL)
{
	DAT_PROVIDER_INFO one, *p[1] = { &one };
	DAT_COUNT n = -1;

	if (!reg_child(CONF3, C_SMALL))
		return;
	DAT_COUNT all = count_providers(C_SMALL);
	RT_REQUIRE_TRUE(all >= 2, C_SMALL);	/* regA, regD (and regB) */
	UT_RC(dat_registry_list_providers(1, &n, p), DAT_INVALID_PARAMETER, C_SMALL);
	RT_EXPECT_EQ_INT(n, all, C_SMALL);
	n = -1;
	UT_RC(dat_registry_list_providers(3, &n, NULL), DAT_INVALID_PARAMETER, C_LNULL);
}

RT_TEST(reg_missing, "udapl.registry_list_providers.static.missing",
		"UDAPL-dat_registry_list_providers-rc-internal-error")
{
	const char *cl = "UDAPL-dat_registry_list_providers-rc-internal-error";
	DAT_PROVIDER_INFO one, *p[1] = { &one };
	DAT_COUNT n;

	if (!reg_child(NULL, cl))
		return;
	n = -1;
	DAT_RETURN rc = dat_registry_list_providers(1, &n, p);
	/* the clause's readings: an error, or an empty registry */
	if (rc == DAT_SUCCESS)
		RT_EXPECT_EQ_INT(n, 0, cl);
	else
		UT_RC(rc, DAT_INTERNAL_ERROR, cl);
}

RT_TEST(reg_nolib, "udapl.ia_open.registry.missing_library",
		"UDAPL-dat_conf-missing-library")
{
	const char *cl = "UDAPL-dat_conf-missing-library";
	DAT_EVD_HANDLE async = DAT_HANDLE_NULL;
	DAT_IA_HANDLE ia = DAT_HANDLE_NULL;

	if (!reg_child(CONF3, cl))
		return;
	DAT_RETURN rc = dat_ia_open((DAT_NAME_PTR)"regA", 8, &async, &ia);
	RT_EXPECT_TRUE(rc != DAT_SUCCESS, cl);
}

/* ---- the dynamic registry, with the test's own Provider ---- */

/*
 * The test's Provider, complete as the 1.2 Provider interface is used
 * (dat_redirection.h): one DAT_PROVIDER per IA name it registers, whose
 * device_name is that name, with ia_open_func, ia_close_func and
 * ia_query_func.  A standard registry closes an IA through them: it
 * asks the IA for its version and thread safety (dat_ia_query) and
 * releases the registry entry of device_name (OFA compat-dapl 1.2.19,
 * dat/udat/udat.c lines 275-311).  Its other entries are NULL: calls on
 * its handles are refused with DAT_NOT_IMPLEMENTED (reg_table_gaps).
 * Its handles are its own objects, which start with the table.
 */
struct fake_ia { DAT_PROVIDER *provider; DAT_PROVIDER_INFO info; };
#define FAKE_NAMES 16
static struct fake {
	char name[DAT_NAME_MAX_LENGTH];
	DAT_PROVIDER table;
	DAT_PROVIDER_INFO info;		/* as last registered */
} fakes[FAKE_NAMES];
static struct fake_ia fake_ias[4];
static char opened_name[DAT_NAME_MAX_LENGTH];
static int opens, closes;

static DAT_RETURN fake_open(const DAT_NAME_PTR name, DAT_COUNT qlen,
		DAT_EVD_HANDLE *async, DAT_IA_HANDLE *ia)
{
	(void)qlen;
	snprintf(opened_name, sizeof opened_name, "%s", name);
	struct fake_ia *f = &fake_ias[opens++ % 4];
	for (int i = 0; i < FAKE_NAMES; i++)
		if (!strcmp(fakes[i].name, name)) {
			f->provider = &fakes[i].table;
			f->info = fakes[i].info;
		}
	*ia = f;
	*async = DAT_HANDLE_NULL;
	return DAT_SUCCESS;
}

static DAT_RETURN fake_close(DAT_IA_HANDLE ia, DAT_CLOSE_FLAGS flags)
{
	(void)flags;
	(void)ia;
	closes++;
	return DAT_SUCCESS;
}

static DAT_RETURN fake_query(DAT_IA_HANDLE ia, DAT_EVD_HANDLE *async,
		DAT_IA_ATTR_MASK ia_mask, DAT_IA_ATTR *ia_attr,
		DAT_PROVIDER_ATTR_MASK p_mask, DAT_PROVIDER_ATTR *p_attr)
{
	const struct fake_ia *f = ia;

	if (async)
		*async = DAT_HANDLE_NULL;
	if (ia_mask && ia_attr) {
		memset(ia_attr, 0, sizeof *ia_attr);
		snprintf(ia_attr->adapter_name, sizeof ia_attr->adapter_name, "%s",
				f->info.ia_name);
	}
	if (p_mask && p_attr) {
		memset(p_attr, 0, sizeof *p_attr);
		snprintf(p_attr->provider_name, sizeof p_attr->provider_name, "rdmacts-test");
		p_attr->dapl_version_major = f->info.dapl_version_major;
		p_attr->dapl_version_minor = f->info.dapl_version_minor;
		p_attr->is_thread_safe = f->info.is_thread_safe;
	}
	return DAT_SUCCESS;
}

/* The test Provider of IA name `name`: its table has device_name name. */
static struct fake *fake_of(const char *name)
{
	struct fake *f = NULL;

	for (int i = 0; i < FAKE_NAMES; i++) {
		if (!strcmp(fakes[i].name, name))
			return &fakes[i];
		if (!fakes[i].name[0] && !f)
			f = &fakes[i];
	}
	RT_REQUIRE_TRUE(f != NULL, "-");
	snprintf(f->name, sizeof f->name, "%s", name);
	memset(&f->table, 0, sizeof f->table);
	f->table.device_name = f->name;
	f->table.ia_open_func = fake_open;
	f->table.ia_close_func = fake_close;
	f->table.ia_query_func = fake_query;
	return f;
}

static DAT_PROVIDER *fake_table(const char *name)
{
	return &fake_of(name)->table;
}

/* The info of a registration of the test Provider under name; its
 * table is fake_table(name). */
static DAT_PROVIDER_INFO fake_info(const char *name, DAT_UINT32 minor, DAT_BOOLEAN ts)
{
	DAT_PROVIDER_INFO i;
	memset(&i, 0, sizeof i);
	snprintf(i.ia_name, sizeof i.ia_name, "%s", name);
	i.dapl_version_major = DAT_VERSION_MAJOR;
	i.dapl_version_minor = minor;
	i.is_thread_safe = ts;
	fake_of(name)->info = i;
	return i;
}

/* dat_registry_add_provider / _remove_provider of the test Provider. */
static DAT_RETURN fake_add(const DAT_PROVIDER_INFO *i)
{
	return dat_registry_add_provider(fake_table(i->ia_name), i);
}

static DAT_RETURN fake_remove(const DAT_PROVIDER_INFO *i)
{
	return dat_registry_remove_provider(fake_table(i->ia_name), i);
}

static DAT_RETURN open_name(const char *name, DAT_IA_HANDLE *ia)
{
	DAT_EVD_HANDLE async = DAT_HANDLE_NULL;
	return dat_ia_open((DAT_NAME_PTR)name, 8, &async, ia);
}

#define C_ADD "UDAPL-dat_registry_add_provider-rc-success"
#define C_LISTED "UDAPL-dat_registry_list_providers-dynamic-entries-listed"
#define C_INFO "UDAPL-dat_registry_add_provider-info-matches-open"
#define C_REM "UDAPL-dat_registry_remove_provider-rc-success"
RT_TEST(reg_add, "udapl.registry_add_provider.rc.success",
		C_ADD "," C_LISTED "," C_INFO "," C_REM)
{
	DAT_PROVIDER_INFO i = fake_info("rdmacts-fake0", DAT_VERSION_MINOR, DAT_FALSE);
	DAT_PROVIDER_INFO all[64];
	DAT_IA_HANDLE ia;
	DAT_COUNT n;

	UT_OK(fake_add(&i), C_ADD);
	n = count_providers(C_LISTED);
	RT_REQUIRE_TRUE(n >= 0 && n <= 64, C_LISTED);
	n = list(all, n, C_LISTED);
	/* listed, or not: the page lists "from the Static Registry"
	 * (E-UDAPL-074) */
	bool listed = find(all, n, "rdmacts-fake0") != NULL;
	/* an open of that name reaches the registered Provider */
	UT_OK(open_name("rdmacts-fake0", &ia), C_INFO);
	RT_EXPECT_TRUE(!strcmp(opened_name, "rdmacts-fake0"), C_INFO);
	/* the registry's IA handle need not be the Provider's: the close
	 * is seen from the Provider's side */
	int before = closes;
	UT_OK(dat_ia_close(ia, DAT_CLOSE_GRACEFUL_FLAG), C_INFO);
	RT_EXPECT_EQ_INT(closes, before + 1, C_INFO);
	UT_OK(fake_remove(&i), C_REM);
	UT_RC(open_name("rdmacts-fake0", &ia), DAT_PROVIDER_NOT_FOUND, C_REM);
	n = count_providers(C_LISTED);
	n = list(all, n, C_LISTED);
	if (listed)	/* a registry that lists it stops after the removal */
		RT_EXPECT_TRUE(find(all, n, "rdmacts-fake0") == NULL, C_LISTED);
}

RT_TEST(reg_add_null, "udapl.registry_add_provider.param.null",
		"UDAPL-dat_registry_add_provider-rc-invalid-parameter")
{
	const char *cl = "UDAPL-dat_registry_add_provider-rc-invalid-parameter";
	DAT_PROVIDER_INFO i = fake_info("rdmacts-fake1", DAT_VERSION_MINOR, DAT_FALSE);
	UT_RC(dat_registry_add_provider(NULL, &i), DAT_INVALID_PARAMETER, cl);
	UT_RC(dat_registry_add_provider(fake_table(i.ia_name), NULL), DAT_INVALID_PARAMETER, cl);
}

RT_TEST(reg_add_twice, "udapl.registry_add_provider.state.already_registered",
		"UDAPL-dat_registry_add_provider-rc-provider-already-registered")
{
	const char *cl = "UDAPL-dat_registry_add_provider-rc-provider-already-registered";
	DAT_PROVIDER_INFO i = fake_info("rdmacts-fake2", DAT_VERSION_MINOR, DAT_FALSE);
	UT_REQ(fake_add(&i), cl);
	UT_RC(fake_add(&i), DAT_PROVIDER_ALREADY_REGISTERED, cl);
	UT_OK(fake_remove(&i), cl);
}

RT_TEST(reg_full, "udapl.registry_add_provider.resources.full",
		"UDAPL-dat_registry_add_provider-rc-insufficient-resources")
{
	const char *cl = "UDAPL-dat_registry_add_provider-rc-insufficient-resources";
	/* one table for all the names: none of them is opened */
	DAT_PROVIDER *table = fake_table("rdmacts-full");
	DAT_PROVIDER_INFO i;
	int n;
	DAT_RETURN rc = DAT_SUCCESS;

	i = fake_info("rdmacts-full", DAT_VERSION_MINOR, DAT_FALSE);
	for (n = 0; n < 4096; n++) {
		snprintf(i.ia_name, sizeof i.ia_name, "rdmacts-full%d", n);
		if ((rc = dat_registry_add_provider(table, &i)) != DAT_SUCCESS)
			break;
	}
	for (int k = 0; k < n; k++) {
		snprintf(i.ia_name, sizeof i.ia_name, "rdmacts-full%d", k);
		dat_registry_remove_provider(table, &i);
	}
	if (rc == DAT_SUCCESS)
		rt_unsupported("the registry took 4096 Providers without filling up");
	UT_RC(rc, DAT_INSUFFICIENT_RESOURCES, cl);
}

#define C_MULTI "UDAPL-dat_registry_add_provider-multiple-registrations"
RT_TEST(reg_multi, "udapl.registry_add_provider.state.two_names", C_MULTI)
{
	DAT_PROVIDER_INFO i1 = fake_info("rdmacts-port1", DAT_VERSION_MINOR, DAT_FALSE);
	DAT_PROVIDER_INFO i2 = fake_info("rdmacts-port2", DAT_VERSION_MINOR, DAT_FALSE);
	DAT_IA_HANDLE a, b;
	UT_REQ(fake_add(&i1), C_MULTI);
	UT_REQ(fake_add(&i2), C_MULTI);
	UT_OK(open_name("rdmacts-port1", &a), C_MULTI);
	RT_EXPECT_TRUE(!strcmp(opened_name, "rdmacts-port1"), C_MULTI);
	UT_OK(open_name("rdmacts-port2", &b), C_MULTI);
	RT_EXPECT_TRUE(!strcmp(opened_name, "rdmacts-port2"), C_MULTI);
	dat_ia_close(a, DAT_CLOSE_ABRUPT_FLAG);
	dat_ia_close(b, DAT_CLOSE_ABRUPT_FLAG);
}

#define C_INUSE "UDAPL-dat_registry_remove_provider-rc-provider-in-use"
#define C_REFC "UDAPL-dat_ia_close-provider-refcount"
RT_TEST(reg_inuse, "udapl.registry_remove_provider.state.in_use", C_INUSE "," C_REFC)
{
	DAT_PROVIDER_INFO i = fake_info("rdmacts-fake3", DAT_VERSION_MINOR, DAT_FALSE);
	DAT_IA_HANDLE ia;
	UT_REQ(fake_add(&i), C_INUSE);
	UT_REQ(open_name("rdmacts-fake3", &ia), C_INUSE);
	UT_RC(fake_remove(&i), DAT_PROVIDER_IN_USE, C_INUSE);
	UT_REQ(dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG), C_REFC);
	UT_OK(fake_remove(&i), C_REFC);
}

RT_TEST(reg_rem_unknown, "udapl.registry_remove_provider.param.not_registered",
		"UDAPL-dat_registry_remove_provider-rc-invalid-parameter")
{
	const char *cl = "UDAPL-dat_registry_remove_provider-rc-invalid-parameter";
	DAT_PROVIDER_INFO i = fake_info("rdmacts-never", DAT_VERSION_MINOR, DAT_FALSE);
	/* E-UDAPL-073: the page's DAT_INVALID_PARAMETER, or the DAT
	 * Collaborative registry's DAT_PROVIDER_NOT_FOUND */
	UT_RC_IN(fake_remove(&i), cl, DAT_INVALID_PARAMETER, DAT_PROVIDER_NOT_FOUND);
	UT_REQ(fake_add(&i), cl);
	UT_REQ(fake_remove(&i), cl);
	UT_RC_IN(fake_remove(&i), cl, DAT_INVALID_PARAMETER, DAT_PROVIDER_NOT_FOUND);
}

#define C_NEWSESS "UDAPL-dat_registry_remove_provider-removal-prevents-new-sessions"
RT_TEST(reg_sessions, "udapl.registry_remove_provider.state.new_sessions", C_NEWSESS)
{
	DAT_PROVIDER_INFO i = fake_info("rdmacts-fake4", DAT_VERSION_MINOR, DAT_FALSE);
	DAT_IA_HANDLE ia;
	UT_REQ(fake_add(&i), C_NEWSESS);
	UT_REQ(open_name("rdmacts-fake4", &ia), C_NEWSESS);
	UT_REQ(dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG), C_NEWSESS);
	UT_REQ(fake_remove(&i), C_NEWSESS);
	int before = opens;
	UT_RC(open_name("rdmacts-fake4", &ia), DAT_PROVIDER_NOT_FOUND, C_NEWSESS);
	RT_EXPECT_EQ_INT(opens, before, C_NEWSESS);	/* the Provider was not called */
}

#define C_VER "UDAPL-dat_registry_list_providers-version-match-rule"
RT_TEST(reg_version, "udapl.registry_list_providers.state.version_match", C_VER)
{
	DAT_PROVIDER_INFO i = fake_info("rdmacts-fake5", DAT_VERSION_MINOR + 1, DAT_FALSE);
	DAT_EVD_HANDLE async = DAT_HANDLE_NULL;
	DAT_IA_HANDLE ia;
	UT_REQ(fake_add(&i), C_VER);
	/* same major, higher minor, same thread safety: opens */
	UT_OK(dat_ia_openv((DAT_NAME_PTR)"rdmacts-fake5", 8, &async, &ia,
			DAT_VERSION_MAJOR, DAT_VERSION_MINOR, DAT_FALSE), C_VER);
	dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG);
	/* another major, a higher minor, thread safety it lacks: not found */
	UT_RC(dat_ia_openv((DAT_NAME_PTR)"rdmacts-fake5", 8, &async, &ia,
			DAT_VERSION_MAJOR + 1, DAT_VERSION_MINOR, DAT_FALSE), DAT_PROVIDER_NOT_FOUND, C_VER);
	UT_RC(dat_ia_openv((DAT_NAME_PTR)"rdmacts-fake5", 8, &async, &ia,
			DAT_VERSION_MAJOR, DAT_VERSION_MINOR + 2, DAT_FALSE), DAT_PROVIDER_NOT_FOUND, C_VER);
	UT_RC(dat_ia_openv((DAT_NAME_PTR)"rdmacts-fake5", 8, &async, &ia,
			DAT_VERSION_MAJOR, DAT_VERSION_MINOR, DAT_TRUE), DAT_PROVIDER_NOT_FOUND, C_VER);
}

RT_TEST(reg_ro_aware, "udapl.ia_open.registry.ro_aware_prefix", "UDAPL-dat_conf-ro-aware-prefix")
{
	const char *cl = "UDAPL-dat_conf-ro-aware-prefix";
	DAT_PROVIDER_INFO i = fake_info("rdmacts-fake6", DAT_VERSION_MINOR, DAT_FALSE);
	DAT_IA_HANDLE ia;
	UT_REQ(fake_add(&i), cl);
	/* E-UDAPL-049: Sun's registry strips the prefix; a registry without
	 * Sun's extension finds no IA of that name */
	DAT_RETURN rc = open_name("RO_AWARE_rdmacts-fake6", &ia);
	UT_RC_IN(rc, cl, DAT_SUCCESS, DAT_PROVIDER_NOT_FOUND);
	if (rc == DAT_SUCCESS) {
		RT_EXPECT_TRUE(!strcmp(opened_name, "rdmacts-fake6"), cl);
		dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG);
	}
	fake_remove(&i);
}

/* Thread safety the Provider does not offer (dat_ia_open(3DAT)). */
static void model(int v, const char *cl)
{
	struct ut_ia u;
	DAT_PROVIDER_ATTR p;
	DAT_EVD_HANDLE async = DAT_HANDLE_NULL;
	DAT_IA_HANDLE ia = DAT_HANDLE_NULL;
	DAT_RETURN rc;

	ut_open(&u, cl);
	ut_attrs(u.ia, NULL, &p);
	ut_close(&u);
	if (p.is_thread_safe == DAT_TRUE)
		rt_unsupported("the Provider is thread safe");
	/* dat_ia_open is the macro over dat_ia_openv with DAT_THREADSAFE
	 * (E-UDAPL-040): both reach the call below, v says which page */
	(void)v;
	rc = dat_ia_openv((DAT_NAME_PTR)ut_ia_name(), 8, &async, &ia,
			DAT_VERSION_MAJOR, DAT_VERSION_MINOR, DAT_TRUE);
	/* E-UDAPL-041: the registry may refuse it before the Provider does */
	UT_RC_IN(rc, cl, DAT_MODEL_NOT_SUPPORTED, DAT_PROVIDER_NOT_FOUND);
}
RT_TEST(ia_open_model, "udapl.ia_open.model.thread_safety",
		"UDAPL-dat_ia_open-rc-model-not-supported")
{
	model(0, "UDAPL-dat_ia_open-rc-model-not-supported");
}
RT_TEST(ia_openv_model, "udapl.ia_openv.model.thread_safety",
		"UDAPL-dat_ia_openv-rc-model-not-supported")
{
	model(1, "UDAPL-dat_ia_openv-rc-model-not-supported");
}

/*
 * A dat.conf entry naming its library by an absolute path: the path of
 * the Provider library behind ut_ia_name(), once an IA of it is open:
 * the one loaded object besides this program and libdat that exports
 * dat_provider_init (libdat(3LIB): a Provider library's entry point).
 * Found through the loader, never through a handle: an IA handle need
 * not be a pointer (OFA's registry hands out small integers).
 */
struct provider_search { char path[PATH_MAX]; int found; };

static int find_provider(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct provider_search *ps = arg;
	void *h;

	(void)size;
	if (!info->dlpi_name || !info->dlpi_name[0])
		return 0;	/* this program */
	h = dlopen(info->dlpi_name, RTLD_LAZY | RTLD_NOLOAD);
	if (!h)
		return 0;
	if (dlsym(h, "dat_provider_init") && dlsym(h, "dat_ia_openv") == NULL &&
			realpath(info->dlpi_name, ps->path))
		ps->found++;
	dlclose(h);
	return 0;
}

#define C_LAZY "UDAPL-dat_conf-lazy-provider-load"
RT_TEST(reg_abs_path, "udapl.ia_open.registry.absolute_library_path", C_LAZY)
{
	char conf[PATH_MAX + 128];
	struct provider_search ps = { .found = 0 };
	DAT_EVD_HANDLE async;
	DAT_IA_HANDLE ia;

	if (!getenv(CHILD_ENV)) {
		ia = ut_open_bare(&async, C_LAZY);
		dl_iterate_phdr(find_provider, &ps);
		dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG);
		if (ps.found != 1)
			rt_unsupported("the Provider library's path is not known");
		snprintf(conf, sizeof conf,
				"rdmacts-abs u1.2 nonthreadsafe default %s abs.1.0 \"\" \"\"\n",
				ps.path);
		reg_child(conf, C_LAZY);
		return;
	}
	async = DAT_HANDLE_NULL;
	UT_OK(dat_ia_open((DAT_NAME_PTR)"rdmacts-abs", 8, &async, &ia), C_LAZY);
	dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG);
}

/*
 * A registered Provider whose table (DAT_PROVIDER) leaves calls out: the
 * test's own, with only ia_open_func, ia_close_func and ia_query_func.  Every other call
 * on one of its handles is refused with DAT_NOT_IMPLEMENTED instead of a
 * call through a NULL entry.  One object stands for every handle type:
 * libdat reaches the Provider through the first word of a handle only.
 */
#define C_NI "UDAPL-libdat-rob-provider-entry-missing"
/* DAT_NOT_IMPLEMENTED of either 1.2 value (E-UDAPL-037): this header's
 * 0x0FFF0000, or OFA's 0xFFFF0000, whose type bits are 0x3FFF0000 */
#define NI(call) UT_RC_IN((call), C_NI, DAT_NOT_IMPLEMENTED, 0x3FFF0000)
RT_TEST(reg_table_gaps, "udapl.registry_add_provider.robustness.table_gaps", C_NI)
{
	DAT_PROVIDER_INFO i = fake_info("rdmacts-gaps", DAT_VERSION_MINOR, DAT_FALSE);
	static struct { DAT_PROVIDER *p; char body[512]; } obj;
	DAT_IA_HANDLE ia;
	DAT_HANDLE h = &obj;
	DAT_HANDLE out;
	DAT_EVENT ev;
	DAT_COUNT n;
	DAT_CONTEXT ctx = { .as_64 = 1 };
	DAT_HANDLE_TYPE ht;
	DAT_LMR_TRIPLET seg = { 0, 0, 0, 0 };
	DAT_RMR_TRIPLET rseg = { 0, 0, 0, 0 };
	DAT_DTO_COOKIE ck = { .as_64 = 0 };
	DAT_RMR_COOKIE rk = { .as_64 = 0 };
	DAT_REGION_DESCRIPTION region = { .for_va = obj.body };
	DAT_LMR_CONTEXT lctx;
	DAT_RMR_CONTEXT rctx;
	DAT_VLEN vlen;
	DAT_VADDR vaddr;
	DAT_EP_STATE st;
	DAT_BOOLEAN b1, b2;
	DAT_CONN_QUAL q;
	struct sockaddr_in sin = { .sin_family = AF_INET };
	union { DAT_IA_ATTR ia; DAT_EP_PARAM ep; DAT_EVD_PARAM evd; DAT_CNO_PARAM cno;
		DAT_CR_PARAM cr; DAT_LMR_PARAM lmr; DAT_RMR_PARAM rmr; DAT_PSP_PARAM psp;
		DAT_RSP_PARAM rsp; DAT_PZ_PARAM pz; DAT_SRQ_PARAM srq; } prm;

	UT_REQ(fake_add(&i), C_NI);
	UT_REQ(open_name("rdmacts-gaps", &ia), C_NI);
	obj.p = fake_table(i.ia_name);
	/* the IA's calls (ia_query is in the table: a registry uses it to
	 * close the IA) */
	NI(dat_pz_create(ia, &out));
	NI(dat_evd_create(ia, 8, DAT_HANDLE_NULL, DAT_EVD_SOFTWARE_FLAG, &out));
	NI(dat_cno_create(ia, DAT_OS_WAIT_PROXY_AGENT_NULL, &out));
	NI(dat_lmr_create(ia, DAT_MEM_TYPE_VIRTUAL, region, 64, h, DAT_MEM_PRIV_ALL_FLAG, &out,
			&lctx, &rctx, &vlen, &vaddr));
	NI(dat_lmr_sync_rdma_read(ia, &seg, 1));
	NI(dat_lmr_sync_rdma_write(ia, &seg, 1));
	NI(dat_psp_create(ia, UT_QUAL, h, DAT_PSP_CONSUMER_FLAG, &out));
	NI(dat_psp_create_any(ia, &q, h, DAT_PSP_CONSUMER_FLAG, &out));
	NI(dat_rsp_create(ia, UT_QUAL, h, h, &out));
	NI(dat_ep_create(ia, h, h, h, h, NULL, &out));
	NI(dat_ep_create_with_srq(ia, h, h, h, h, h, NULL, &out));
	NI(dat_srq_create(ia, h, &(DAT_SRQ_ATTR){ 8, 1, 0 }, &out));
	/* calls on the other handle types */
	NI(dat_set_consumer_context(h, ctx));
	NI(dat_get_consumer_context(h, &ctx));
	NI(dat_get_handle_type(h, &ht));
	NI(dat_cr_query(h, DAT_CR_FIELD_ALL, &prm.cr));
	NI(dat_cr_accept(h, h, 0, NULL));
	NI(dat_cr_reject(h));
	NI(dat_cr_handoff(h, UT_QUAL));
	NI(dat_evd_resize(h, 16));
	NI(dat_evd_post_se(h, &ev));
	NI(dat_evd_dequeue(h, &ev));
	NI(dat_evd_query(h, DAT_EVD_FIELD_ALL, &prm.evd));
	NI(dat_evd_free(h));
	NI(dat_evd_modify_cno(h, DAT_HANDLE_NULL));
	NI(dat_evd_enable(h));
	NI(dat_evd_disable(h));
	NI(dat_evd_wait(h, 1000, 1, &ev, &n));
	NI(dat_evd_set_unwaitable(h));
	NI(dat_evd_clear_unwaitable(h));
	NI(dat_cno_modify_agent(h, DAT_OS_WAIT_PROXY_AGENT_NULL));
	NI(dat_cno_query(h, DAT_CNO_FIELD_ALL, &prm.cno));
	NI(dat_cno_free(h));
	NI(dat_cno_wait(h, 1000, &out));
	NI(dat_ep_query(h, DAT_EP_FIELD_ALL, &prm.ep));
	NI(dat_ep_modify(h, 0, &prm.ep));
	NI(dat_ep_connect(h, (DAT_IA_ADDRESS_PTR)&sin, UT_QUAL, UT_TIMEOUT, 0, NULL,
			DAT_QOS_BEST_EFFORT, DAT_CONNECT_DEFAULT_FLAG));
	NI(dat_ep_dup_connect(h, h, UT_TIMEOUT, 0, NULL, DAT_QOS_BEST_EFFORT));
	NI(dat_ep_disconnect(h, DAT_CLOSE_ABRUPT_FLAG));
	NI(dat_ep_post_send(h, 1, &seg, ck, DAT_COMPLETION_DEFAULT_FLAG));
	NI(dat_ep_post_recv(h, 1, &seg, ck, DAT_COMPLETION_DEFAULT_FLAG));
	NI(dat_ep_post_rdma_read(h, 1, &seg, ck, &rseg, DAT_COMPLETION_DEFAULT_FLAG));
	NI(dat_ep_post_rdma_write(h, 1, &seg, ck, &rseg, DAT_COMPLETION_DEFAULT_FLAG));
	NI(dat_ep_get_status(h, &st, &b1, &b2));
	NI(dat_ep_free(h));
	NI(dat_ep_reset(h));
	NI(dat_ep_recv_query(h, &n, &n));
	NI(dat_ep_set_watermark(h, 1, 1));
	NI(dat_lmr_query(h, DAT_LMR_FIELD_ALL, &prm.lmr));
	NI(dat_lmr_free(h));
	NI(dat_rmr_create(h, &out));
	NI(dat_rmr_query(h, DAT_RMR_FIELD_ALL, &prm.rmr));
	NI(dat_rmr_bind(h, &seg, DAT_MEM_PRIV_ALL_FLAG, h, rk, DAT_COMPLETION_DEFAULT_FLAG,
			&rctx));
	NI(dat_rmr_free(h));
	NI(dat_psp_query(h, DAT_PSP_FIELD_ALL, &prm.psp));
	NI(dat_psp_free(h));
	NI(dat_rsp_query(h, DAT_RSP_FIELD_ALL, &prm.rsp));
	NI(dat_rsp_free(h));
	NI(dat_pz_query(h, DAT_PZ_FIELD_ALL, &prm.pz));
	NI(dat_pz_free(h));
	NI(dat_srq_free(h));
	NI(dat_srq_post_recv(h, 1, &seg, ck));
	NI(dat_srq_query(h, DAT_SRQ_FIELD_ALL, &prm.srq));
	NI(dat_srq_resize(h, 16));
	NI(dat_srq_set_lw(h, 1));
	UT_OK(dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG), C_NI);
	UT_OK(fake_remove(&i), C_NI);
}

/* The static registry is still read for a name the dynamic registry does
 * not have, once another Provider registered itself (dat.conf entries are
 * loaded when an IA of that name is opened). */
RT_TEST(reg_static_after_dynamic, "udapl.ia_open.registry.static_after_dynamic", C_LAZY)
{
	DAT_PROVIDER_INFO i = fake_info("rdmacts-before", DAT_VERSION_MINOR, DAT_FALSE);
	DAT_EVD_HANDLE async = DAT_HANDLE_NULL;
	DAT_IA_HANDLE ia = DAT_HANDLE_NULL, f;

	UT_REQ(fake_add(&i), C_LAZY);
	UT_REQ(open_name("rdmacts-before", &f), C_LAZY);
	UT_OK(dat_ia_open((DAT_NAME_PTR)ut_ia_name(), 8, &async, &ia), C_LAZY);
	RT_EXPECT_TRUE(ia != f, C_LAZY);
	if (ia)
		dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG);
	dat_ia_close(f, DAT_CLOSE_ABRUPT_FLAG);
	UT_OK(fake_remove(&i), C_LAZY);
}
