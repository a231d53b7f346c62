/* Directories: the data directory, the variant search path, lists of files, fresh names, and
 * temporary files left behind.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "io.h"
#include "io_int.h"

#define FRESH_TRIES 1000 /* numbered names tried before one is reused */

char *io_dirname(const char *path, char *buf, size_t size)
{
    const char *slash = strrchr(path, '/');

    if (slash == NULL)
        snprintf(buf, size, ".");
    else if (slash == path)
        snprintf(buf, size, "/");
    else
        snprintf(buf, size, "%.*s", (int)(slash - path), path);
    return buf;
}

/* Makes 'path' and its parents (mode 0700). Returns 0 or -1 (errno set). */
static int make_dirs(char *path)
{
    struct stat sb;
    for (char *p = path + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (io_sys_mkdir(path, 0700) != 0 && errno != EEXIST) {
            *p = '/';
            return -1;
        }
        *p = '/';
    }
    if (io_sys_mkdir(path, 0700) != 0 && errno != EEXIST)
        return -1;
    if (io_sys_stat(path, &sb) != 0)
        return -1;
    if (!S_ISDIR(sb.st_mode)) {
        errno = ENOTDIR;
        return -1;
    }
    return 0;
}

int io_join(const char *dir, const char *name, char *buf, size_t size)
{
    if ((size_t)snprintf(buf, size, "%s/%s", dir, name) < size)
        return 0;
    if (size > 0)
        buf[0] = '\0';
    return -1;
}

int io_expand_home(const char *path, char *buf, size_t size)
{
    const char *home = getenv("HOME");
    int n;
    if (path[0] == '~' && (path[1] == '\0' || path[1] == '/') && home != NULL && home[0] == '/')
        n = snprintf(buf, size, "%s%s", home, path + 1);
    else
        n = snprintf(buf, size, "%s", path);
    if (n >= 0 && (size_t)n < size)
        return 0;
    if (size > 0)
        buf[0] = '\0';
    return -1;
}

CmStatus io_config_path(char *buf, size_t size, CmError *err)
{
    const char *xdg = getenv("XDG_CONFIG_HOME");
    const char *home = getenv("HOME");
    int n;

    cm_error_init(err, NULL);
    if (xdg != NULL && xdg[0] == '/')
        n = snprintf(buf, size, "%s/camelot/%s", xdg, IO_CONFIG_NAME);
    else if (home != NULL && home[0] == '/')
        n = snprintf(buf, size, "%s/.config/camelot/%s", home, IO_CONFIG_NAME);
    else
        return cm_error_set(err, CM_ERR_IO, 0, 0, "neither XDG_CONFIG_HOME nor HOME is set");
    if (n < 0 || (size_t)n >= size)
        return cm_error_set(err, CM_ERR_LIMIT, 0, 0, "the settings file's name is too long");
    return CM_OK;
}

CmStatus io_data_dir(char *buf, size_t size, CmError *err)
{
    const char *xdg = getenv("XDG_DATA_HOME");
    const char *home = getenv("HOME");
    int n;

    cm_error_init(err, NULL);
    if (xdg != NULL && xdg[0] == '/')
        n = snprintf(buf, size, "%s/camelot", xdg);
    else if (home != NULL && home[0] == '/')
        n = snprintf(buf, size, "%s/.local/share/camelot", home);
    else
        return cm_error_set(err, CM_ERR_IO, 0, 0, "neither XDG_DATA_HOME nor HOME is set");
    if (n < 0 || (size_t)n >= size)
        return cm_error_set(err, CM_ERR_LIMIT, 0, 0, "the data directory's name is too long");
    if (make_dirs(buf) != 0)
        return cm_error_set(err, CM_ERR_IO, 0, 0, "cannot create %s: %s", buf, strerror(errno));
    return CM_OK;
}

/* The prefix of an installed program wherever it was installed: PREFIX for a program in
 * PREFIX/bin, into 'buf'. Returns 0, or -1 when the program is not in a 'bin' directory. */
static int installed_prefix(char *buf, size_t size)
{
    char exe[IO_PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return -1;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (slash == NULL)
        return -1;
    *slash = '\0'; /* PREFIX/bin */
    slash = strrchr(exe, '/');
    if (slash == NULL || strcmp(slash, "/bin") != 0)
        return -1;
    *slash = '\0';
    return (size_t)snprintf(buf, size, "%s", exe) < size ? 0 : -1;
}

/* The variants of an installed program wherever it was installed: PREFIX/share/camelot/variants
 * for a program in PREFIX/bin. NULL when the program is not in a 'bin' directory. */
static const char *installed_variants(void)
{
    static char dir[IO_PATH_MAX];
    static int done;
    if (!done) {
        char prefix[IO_PATH_MAX];
        done = 1;
        if (installed_prefix(prefix, sizeof prefix) != 0 ||
            (size_t)snprintf(dir, sizeof dir, "%s/share/camelot/variants", prefix) >= sizeof dir)
            dir[0] = '\0';
    }
    return dir[0] ? dir : NULL;
}

const char *io_doc_dir(void)
{
    static char dir[IO_PATH_MAX];
    static int done;
    if (!done) {
        char prefix[IO_PATH_MAX];
        struct stat sb;
        done = 1;
        if (installed_prefix(prefix, sizeof prefix) != 0 ||
            (size_t)snprintf(dir, sizeof dir, "%s/share/doc/camelot", prefix) >= sizeof dir ||
            io_sys_stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode))
            snprintf(dir, sizeof dir, "%s",
                     io_sys_stat(CAMELOT_SOURCE_DOC_DIR, &sb) == 0 && S_ISDIR(sb.st_mode)
                         ? CAMELOT_SOURCE_DOC_DIR
                         : CAMELOT_DOC_DIR);
    }
    return dir;
}

int io_variant_dirs(const char *dirs[IO_VARIANT_DIRS])
{
    const char *env = getenv("CAMELOT_VARIANT_DIR"), *installed = installed_variants();
    int n = 0;

    if (env != NULL && env[0])
        dirs[n++] = env;
    if (installed != NULL)
        dirs[n++] = installed;
    dirs[n++] = CAMELOT_SOURCE_VARIANT_DIR;
    dirs[n++] = CAMELOT_VARIANT_DIR;
    return n;
}

int io_rescue_dirs(const char *dirs[IO_RESCUE_DIRS])
{
    const char *tmp = getenv("TMPDIR"), *home = getenv("HOME");
    int n = 0;

    if (tmp != NULL && tmp[0] == '/')
        dirs[n++] = tmp;
    dirs[n++] = "/tmp";
    if (home != NULL && home[0] == '/')
        dirs[n++] = home;
    return n;
}

CmStatus io_find_variant(const char *name, char *path, size_t size, CmError *err)
{
    const char *dirs[IO_VARIANT_DIRS];
    int n = io_variant_dirs(dirs);

    cm_error_init(err, NULL);
    for (int i = 0; i < n; i++) {
        snprintf(path, size, "%s/%s.yaml", dirs[i], name);
        if (access(path, R_OK) == 0)
            return CM_OK;
    }
    char where[3 * IO_PATH_MAX / 2] = "";
    size_t len = 0;
    for (int i = 0; i < n && len < sizeof where; i++)
        len += (size_t)snprintf(where + len, sizeof where - len, "%s%s", i ? ", " : "", dirs[i]);
    return cm_error_set(err, CM_ERR_IO, 0, 0, "unknown variant '%s' (no %s.yaml in %s)", name, name,
                        where);
}

int io_list_dir(const char *dir, const char *suffix, IoDirEntry *out, int max)
{
    DIR *d = io_sys_opendir(dir);
    struct dirent *de;
    size_t slen = strlen(suffix);
    int n = 0;

    if (d == NULL)
        return 0;
    while ((de = readdir(d)) != NULL && n < max) {
        size_t len = strlen(de->d_name);
        IoDirEntry *e = &out[n];
        struct stat sb;
        if (de->d_name[0] == '.' || len <= slen || len >= sizeof e->name ||
            strcmp(de->d_name + len - slen, suffix) != 0)
            continue;
        if ((size_t)snprintf(e->path, sizeof e->path, "%s/%s", dir, de->d_name) >= sizeof e->path)
            continue;
        if (io_sys_stat(e->path, &sb) != 0 || !S_ISREG(sb.st_mode))
            continue;
        memcpy(e->name, de->d_name, len + 1);
        e->mtime = (int64_t)sb.st_mtime;
        n++;
    }
    closedir(d);
    return n;
}

/* Whether 'name' is 'prefix' and then the six letters or digits 'mkstemp' puts for 'XXXXXX'. */
static int is_temporary(const char *name, const char *prefix, size_t plen)
{
    if (strlen(name) != plen + 6 || strncmp(name, prefix, plen) != 0)
        return 0;
    for (const char *p = name + plen; *p; p++)
        if (!isalnum((unsigned char)*p))
            return 0;
    return 1;
}

int io_remove_temporaries(const char *path)
{
    char dir[IO_PATH_MAX], prefix[300], tmp[IO_PATH_MAX];
    const char *slash = strrchr(path, '/');
    struct dirent *de;
    int n = 0;

    int plen = snprintf(prefix, sizeof prefix, ".%s.", slash ? slash + 1 : path);
    if (plen < 0 || (size_t)plen >= sizeof prefix)
        return 0;
    DIR *d = io_sys_opendir(io_dirname(path, dir, sizeof dir));
    if (d == NULL)
        return 0;
    while ((de = readdir(d)) != NULL)
        if (is_temporary(de->d_name, prefix, (size_t)plen) &&
            io_join(dir, de->d_name, tmp, sizeof tmp) == 0 && unlink(tmp) == 0)
            n++;
    closedir(d);
    return n;
}

void io_fresh_name(const char *dir, const char *prefix, char *buf, size_t size)
{
    char when[32];
    time_t t = time(NULL);
    struct tm tm;

    if (localtime_r(&t, &tm) == NULL)
        snprintf(when, sizeof when, "%lld", (long long)t);
    else
        strftime(when, sizeof when, "%Y%m%d-%H%M%S", &tm);
    snprintf(buf, size, "%s/%s-%s.txt", dir, prefix, when);
    for (int i = 2; io_exists(buf) && i < FRESH_TRIES; i++)
        snprintf(buf, size, "%s/%s-%s-%d.txt", dir, prefix, when, i);
}

CmStatus io_keep_aside(const char *path, const char *dir, const char *prefix, char *kept,
                       size_t size, CmError *err)
{
    io_fresh_name(dir, prefix, kept, size);
    CmStatus st = io_rename(path, kept, err);
    if (st == CM_OK)
        return CM_OK;
    kept[0] = '\0';
    char why[CM_ERROR_TEXT_MAX];
    snprintf(why, sizeof why, "%s", err != NULL ? err->msg : "it cannot be renamed");
    cm_error_init(err, path);
    return cm_error_set(err, st, 0, 0, "it could not be kept aside: %.150s", why);
}
