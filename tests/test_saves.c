/* No lost games, on disk: one writer per autosave, saves that cannot be read kept aside and
 * never written over, saves cut short resumed with their first moves, failed autosaves tried
 * again and rescued elsewhere at the end, a record's variant only a name or a file next to it,
 * and every file operation of saving and loading failing in turn (a full disk, an I/O error, a
 * read-only file system, a short write, a failed allocation) with each time an error reported
 * and no saved game damaged.
 * SPDX-License-Identifier: MIT */
#define _XOPEN_SOURCE 700 /* S_IFMT */

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "camelot/record.h"
#include "io/io.h"
#include "testutil.h"
#include "tu_session.h"

/* ---- Files ---------------------------------------------------------------------------------- */

static void write_bytes(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

static void write_text(const char *path, const char *text)
{
    write_bytes(path, text, strlen(text));
}

static void in_dir(const char *dir, const char *name, char *buf, size_t size)
{
    assert_int_equal(io_join(dir, name, buf, size), 0);
}

/* The one file of 'dir' whose name starts with 'prefix' into 'buf'; fails the test unless
 * there is exactly one. */
static void only_file(const char *dir, const char *prefix, char *buf, size_t size)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    int n = 0;
    assert_non_null(d);
    while ((de = readdir(d)) != NULL)
        if (strncmp(de->d_name, prefix, strlen(prefix)) == 0 && n++ == 0)
            in_dir(dir, de->d_name, buf, size);
    closedir(d);
    if (n != 1)
        fail_msg("%d files of %s start with '%s', not 1", n, dir, prefix);
}

/* How many files of 'dir' hold exactly 'len' bytes 'data'. */
static int files_holding(const char *dir, const char *data, size_t len)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    int n = 0;
    assert_non_null(d);
    while ((de = readdir(d)) != NULL) {
        char path[600], *got;
        size_t got_len;
        if (de->d_name[0] == '.')
            continue;
        in_dir(dir, de->d_name, path, sizeof path);
        got = tu_read_file(path, &got_len);
        n += got != NULL && got_len == len && memcmp(got, data, len) == 0;
        free(got);
    }
    closedir(d);
    return n;
}

/* The data directory of a test: 'camelot' in a fresh temporary directory 'base'. */
static void data_dir(char *base, size_t base_size, char *data, size_t size)
{
    tu_temp_dir(base, base_size);
    in_dir(base, "camelot", data, size);
    assert_int_equal(mkdir(data, 0700), 0);
}

/* Asserts that the record at 'path' loads with 'plies' moves of variant 'name'. */
static void expect_game(const char *path, const char *name, int plies)
{
    Session back;
    CmError err;
    if (tu_session_load(&back, path, NULL, NULL, &err) != CM_OK)
        fail_msg("%s does not load: %s", path, err.msg);
    assert_string_equal(back.v->name, name);
    assert_int_equal(back.g.n, plies);
    session_free(&back);
}

static const char *const camelot_moves[] = {"E6-E8", "F11-F9", "E8-E9", "F10xD8"};

/* ---- One writer per autosave ---------------------------------------------------------------- */

static void test_saves_two_games_in_one_directory(void **state)
{
    (void)state;
    char base[256], data[300], path[600];
    Session one, two, three;
    CmError err;
    data_dir(base, sizeof base, data, sizeof data);

    tu_session_new(&one, "camelot", "W=human B=human", NULL, data);
    tu_session_play(&one, "E6-E8", 1);
    assert_int_equal(one.slot, 1);
    assert_string_equal(one.notice, "");
    tu_session_new(&two, "camette", "W=human B=human", NULL, data);
    tu_session_play(&two, "B3-B4", 1);
    tu_session_play(&two, "B5xB3", 2);
    /* The second game has its own file, and says which. */
    assert_int_equal(two.slot, 2);
    tu_assert_contains(two.notice, "autosave-2.txt");
    tu_assert_contains(two.notice, "Another camelot");
    tu_session_play(&one, "F11-F9", 3);

    in_dir(data, "autosave.txt", path, sizeof path);
    expect_game(path, "camelot", 2);
    in_dir(data, "autosave-2.txt", path, sizeof path);
    expect_game(path, "camette", 2);

    /* The game of 'autosave.txt' cannot be resumed while its camelot plays it. */
    tu_session_open(&three, NULL, data);
    assert_int_equal(session_take_autosave(&three, &err), CM_ERR_ARG);
    tu_assert_contains(err.msg, "in use by another camelot");
    session_free(&one);
    assert_int_equal(session_take_autosave(&three, &err), CM_OK);
    in_dir(data, "autosave.txt", path, sizeof path);
    assert_int_equal(session_load(&three, path, NULL, NULL, &err), CM_OK);
    assert_int_equal(three.g.n, 2);
    /* Resumed, the game goes on in the same file. */
    tu_session_play(&three, "E8-E9", 4);
    expect_game(path, "camelot", 3);
    assert_int_equal(tu_count_files(data, "unfinished-"), 0);
    session_free(&three);
    session_free(&two);
    tu_remove_tree(base);
}

/* ---- Damaged and cut saves --------------------------------------------------------------------
 */

/* The record of a camelot game of 'n' moves, as a session writes it. A new string. */
static char *game_text(int n)
{
    Session g;
    tu_session_new(&g, "camelot", "W=human B=human", NULL, NULL);
    for (int i = 0; i < n; i++)
        tu_session_play(&g, camelot_moves[i], (uint64_t)i + 1);
    char *text = session_record_text(&g, (uint64_t)n, NULL);
    assert_non_null(text);
    session_free(&g);
    return text;
}

static void test_saves_damaged_autosave_is_kept(void **state)
{
    (void)state;
    char base[256], data[300], path[600], kept[600];
    char *good = game_text(4);
    size_t good_len = strlen(good);

    /* Garbage; a good autosave with four NUL bytes in its moves; a good one followed by 5 MB
     * of spaces (more than a record may be). */
    size_t big_len = good_len + 5 * 1024 * 1024;
    char *with_nuls = malloc(good_len + 4), *big = malloc(big_len);
    assert_non_null(with_nuls);
    assert_non_null(big);
    size_t cut = strstr(good, "F11-F9") - good;
    memcpy(with_nuls, good, cut);
    memset(with_nuls + cut, 0, 4);
    memcpy(with_nuls + cut + 4, good + cut, good_len - cut);
    memcpy(big, good, good_len);
    memset(big + good_len, ' ', big_len - good_len);
    const struct {
        const char *data;
        size_t len;
    } bad[] = {{"\x7f"
                "ELF garbage \x01\x02 [[[",
                20},
               {with_nuls, good_len + 4},
               {big, big_len}};

    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        Session g, back;
        SessionLoad got;
        CmError err;
        data_dir(base, sizeof base, data, sizeof data);
        in_dir(data, "autosave.txt", path, sizeof path);
        write_bytes(path, bad[i].data, bad[i].len);

        /* Loading it fails, and says it is damaged. */
        tu_session_open(&back, NULL, data);
        assert_int_not_equal(session_load(&back, path, NULL, &got, &err), CM_OK);
        assert_true(got.damaged);
        assert_string_not_equal(err.msg, "");
        assert_false(back.active);
        session_free(&back);

        /* A new game's first move keeps it aside, with its bytes, and says where. */
        tu_session_new(&g, "camette", "W=human B=human", NULL, data);
        tu_session_play(&g, "C3-C4", 1);
        assert_string_equal(g.save_error, "");
        only_file(data, "damaged-", kept, sizeof kept);
        tu_assert_contains(g.notice, kept);
        assert_int_equal(files_holding(data, bad[i].data, bad[i].len), 1);
        expect_game(path, "camette", 1);
        session_free(&g);

        /* 'session_keep_damaged' does the same for '--resume'. */
        write_bytes(path, bad[i].data, bad[i].len);
        assert_int_equal(session_keep_damaged(path, kept, sizeof kept, &err), CM_OK);
        assert_false(io_exists(path));
        assert_int_equal(tu_count_files(data, "damaged-"), 2);
        assert_int_equal(files_holding(data, bad[i].data, bad[i].len), 2);
        tu_remove_tree(base);
    }
    free(with_nuls);
    free(big);
    free(good);
}

static void test_saves_cut_short_resume_their_first_moves(void **state)
{
    (void)state;
    char base[256], path[600];
    char *good = game_text(4);
    size_t good_len = strlen(good), moves_at = strstr(good, "1. E6-E8") - good;
    int recovered = 0, refused = 0;
    tu_temp_dir(base, sizeof base);
    in_dir(base, "cut.txt", path, sizeof path);

    /* Cut at every byte from the first move to the result: either the moves before the cut come
     * back, with a notice saying how many, or the save is refused as damaged. */
    for (size_t len = moves_at; len + 1 < good_len; len++) {
        Session back;
        SessionLoad got;
        CmError err;
        write_bytes(path, good, len);
        tu_session_open(&back, NULL, NULL);
        CmStatus st = session_load(&back, path, NULL, &got, &err);
        if (st != CM_OK) {
            assert_true(got.damaged);
            refused++;
            session_free(&back);
            continue;
        }
        recovered++;
        assert_true(got.cut);
        assert_int_equal(got.plies, back.g.n);
        assert_true(back.g.n <= 4);
        Session full;
        tu_session_new(&full, "camelot", "W=human B=human", NULL, NULL);
        for (int i = 0; i < back.g.n; i++)
            tu_session_play(&full, camelot_moves[i], 1);
        assert_true(cm_pos_equal(&full.g.pos, &back.g.pos));
        session_free(&full);
        /* The moves as the game numbers them (two plies each) and the plies. */
        char want[80];
        if (back.g.n == 0)
            snprintf(want, sizeof want, "recovered: no moves.");
        else
            snprintf(want, sizeof want, "recovered: %d move%s (%d pl%s).", (back.g.n + 1) / 2,
                     back.g.n <= 2 ? "" : "s", back.g.n, back.g.n == 1 ? "y" : "ies");
        tu_assert_contains(back.notice, want);
        session_free(&back);
    }
    /* Most cuts keep some moves; a cut inside the first move keeps none. */
    assert_true(recovered > (int)(good_len - moves_at) / 2);
    assert_true(refused > 0);

    /* The notice names the file escaped: a name is no terminal's command. */
    Session back;
    SessionLoad got;
    CmError err;
    char odd[600];
    in_dir(base, "cut\033[2J.txt", odd, sizeof odd);
    write_bytes(odd, good, good_len - 4);
    tu_session_open(&back, NULL, NULL);
    assert_int_equal(session_load(&back, odd, NULL, &got, &err), CM_OK);
    assert_true(got.cut);
    tu_assert_contains(back.notice, "cut\\x1B[2J.txt was cut short");
    session_free(&back);

    /* The whole record is no cut. */
    write_bytes(path, good, good_len);
    tu_session_open(&back, NULL, NULL);
    assert_int_equal(session_load(&back, path, NULL, &got, &err), CM_OK);
    assert_false(got.cut);
    assert_int_equal(got.plies, 4);
    assert_string_equal(back.notice, "");
    session_free(&back);
    free(good);
    tu_remove_tree(base);
}

/* ---- Variants of records ------------------------------------------------------------------- */

static void copy_variant(const char *name, const char *to)
{
    char from[600];
    size_t len;
    snprintf(from, sizeof from, "%s/%s.yaml", CAMELOT_SOURCE_VARIANT_DIR, name);
    char *text = tu_read_file(from, &len);
    assert_non_null(text);
    write_bytes(to, text, len);
    free(text);
}

static void test_saves_record_variants(void **state)
{
    (void)state;
    char base[256], dir2[256], path[600], file[600];
    Session g, back;
    CmError err;
    tu_temp_dir(base, sizeof base);
    tu_temp_dir(dir2, sizeof dir2);
    in_dir(base, "game.txt", path, sizeof path);

    /* A 'Variant' tag with a directory in it is refused, and no other file is quoted. */
    const char *escapes[] = {"../secret.yaml", "/etc/passwd", "sub/x.yaml", ".hidden.yaml"};
    in_dir(base, "secret.yaml", file, sizeof file);
    write_text(file, "the content of another file\n");
    for (size_t i = 0; i < sizeof escapes / sizeof escapes[0]; i++) {
        char rec[200];
        snprintf(rec, sizeof rec, "[Variant \"%s\"]\n\n1. E6-E8 *\n", escapes[i]);
        write_text(path, rec);
        assert_int_equal(tu_session_load(&back, path, NULL, NULL, &err), CM_ERR_SCHEMA);
        tu_assert_contains(err.msg, "neither a variant's name nor a variant file");
        assert_null(strstr(err.msg, "another file"));
        assert_null(strstr(err.msg, "root:"));
        session_free(&back);
    }

    /* Nor is a symbolic link next to the record, which could lead anywhere: it is not read. */
    char link[600];
    in_dir(base, "sym.yaml", link, sizeof link);
    assert_int_equal(symlink(file, link), 0);
    write_text(path, "[Variant \"sym.yaml\"]\n\n1. E6-E8 *\n");
    assert_int_equal(tu_session_load(&back, path, NULL, NULL, &err), CM_ERR_SCHEMA);
    tu_assert_contains(err.msg, "'sym.yaml' is a symbolic link");
    assert_null(strstr(err.msg, "another file"));
    session_free(&back);

    /* A variant file next to the record is found there, wherever the program runs. */
    in_dir(base, "mine.yaml", file, sizeof file);
    copy_variant("camette", file);
    write_text(path, "[Variant \"mine.yaml\"]\n\n1. C3-C4 *\n");
    assert_int_equal(tu_session_load(&g, path, NULL, NULL, &err), CM_OK);
    assert_string_equal(g.v->name, "camette");
    assert_int_equal(g.g.n, 1);

    /* Saved elsewhere, the game takes a copy of its variant file along ... */
    char saved[600], copy[600];
    in_dir(dir2, "moved.txt", saved, sizeof saved);
    assert_int_equal(session_save_as(&g, saved, 1, &err), CM_OK);
    in_dir(dir2, "mine.yaml", copy, sizeof copy);
    assert_true(io_exists(copy));
    size_t len;
    char *text = tu_read_file(saved, &len);
    tu_assert_contains(text, "[Variant \"mine.yaml\"]");
    free(text);
    /* ... and loads from there when the first copy is gone. */
    assert_int_equal(unlink(file), 0);
    expect_game(saved, "camette", 1);
    /* A different file of that name next to the save is not written over. */
    write_text(copy, "not a variant\n");
    copy_variant("camette", file);
    assert_int_equal(session_save_as(&g, saved, 1, &err), CM_OK);
    text = tu_read_file(saved, &len);
    tu_assert_contains(text, "[Variant \"mine-2.yaml\"]");
    free(text);
    expect_game(saved, "camette", 1);
    session_free(&g);

    /* The player may name the variant, whatever the record says. */
    write_text(path, "[Variant \"nonsense\"]\n\n1. C3-C4 *\n");
    tu_session_open(&back, NULL, NULL);
    assert_int_not_equal(session_load(&back, path, NULL, NULL, &err), CM_OK);
    tu_assert_contains(err.msg, "nonsense");
    assert_int_equal(session_load(&back, path, "camette", NULL, &err), CM_OK);
    assert_string_equal(back.v->name, "camette");
    assert_string_equal(back.setup.variant, "camette");
    session_free(&back);
    tu_remove_tree(base);
    tu_remove_tree(dir2);
}

/* ---- Failed autosaves ---------------------------------------------------------------------- */

/* ---- Files that are not ours ---------------------------------------------------------------- */

/* Whether 'path' is still what 'mode' (S_IFIFO, S_IFLNK, ...) says. */
static int still(const char *path, mode_t mode)
{
    struct stat sb;
    return lstat(path, &sb) == 0 && (sb.st_mode & S_IFMT) == mode;
}

/* A save never replaces what is not a regular file, and a save to a new file (the text game's
 * 'save FILE', an export) never writes over a file that is there. */
static void test_saves_only_over_regular_files(void **state)
{
    (void)state;
    char base[256], data[300], path[600], fifo[600], link[600], target[600];
    char pos_path[600], rec_path[600];
    Session g;
    CmError err;
    size_t len;
    data_dir(base, sizeof base, data, sizeof data);
    tu_session_new(&g, "camette", "W=human B=human", NULL, NULL);
    tu_session_play(&g, "C2-D2", 1);

    /* A new file is written; one that is there is not written over, but replaced on demand. */
    in_dir(base, "game.txt", path, sizeof path);
    assert_int_equal(session_save_new(&g, path, 1, &err), CM_OK);
    expect_game(path, "camette", 1);
    tu_session_play(&g, "C6-D6", 2);
    assert_int_equal(session_save_new(&g, path, 2, &err), CM_ERR_EXISTS);
    assert_string_equal(err.source, path);
    expect_game(path, "camette", 1);
    assert_int_equal(session_save_as(&g, path, 2, &err), CM_OK);
    expect_game(path, "camette", 2);

    /* A FIFO, a symbolic link (to a file, or to nothing) and a directory stay as they were. */
    in_dir(base, "fifo.txt", fifo, sizeof fifo);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    in_dir(base, "target.txt", target, sizeof target);
    write_text(target, "not ours\n");
    in_dir(base, "link.txt", link, sizeof link);
    assert_int_equal(symlink(target, link), 0);
    assert_int_equal(session_save_as(&g, fifo, 2, &err), CM_ERR_IO);
    tu_assert_contains(err.msg, "not a regular file");
    assert_int_equal(session_save_new(&g, fifo, 2, &err), CM_ERR_IO);
    assert_true(still(fifo, S_IFIFO));
    assert_int_equal(session_save_as(&g, link, 2, &err), CM_ERR_IO);
    tu_assert_contains(err.msg, "symbolic link");
    assert_true(still(link, S_IFLNK));
    char *text = tu_read_file(target, &len);
    assert_string_equal(text, "not ours\n");
    free(text);
    assert_int_equal(session_save_as(&g, data, 2, &err), CM_ERR_IO);
    tu_assert_contains(err.msg, "is a directory");

    /* An export looks at both its files first: one there already writes neither. */
    in_dir(base, "out", path, sizeof path);
    in_dir(base, "out.txt", rec_path, sizeof rec_path);
    write_text(rec_path, "mine\n");
    assert_int_equal(session_export(&g, path, 2, 0, pos_path, rec_path, sizeof pos_path, &err),
                     CM_ERR_EXISTS);
    assert_string_equal(err.source, rec_path);
    assert_false(io_exists(pos_path));
    text = tu_read_file(rec_path, &len);
    assert_string_equal(text, "mine\n");
    free(text);
    assert_int_equal(session_export(&g, path, 2, 1, pos_path, rec_path, sizeof pos_path, &err),
                     CM_OK);
    expect_game(rec_path, "camette", 2);
    assert_true(io_exists(pos_path));
    /* A FIFO in the place of one of them: nothing is written, asked or not. */
    in_dir(base, "pipe", path, sizeof path);
    in_dir(base, "pipe.yaml", fifo, sizeof fifo);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    assert_int_equal(session_export(&g, path, 2, 1, pos_path, rec_path, sizeof pos_path, &err),
                     CM_ERR_IO);
    assert_false(io_exists(rec_path));
    assert_true(still(fifo, S_IFIFO));

    /* A path typed with '~' is in the home directory, as a shell would have it. */
    char *home = getenv("HOME") ? strdup(getenv("HOME")) : NULL;
    setenv("HOME", base, 1);
    assert_int_equal(
        session_export(&g, "~/home-export", 2, 0, pos_path, rec_path, sizeof pos_path, &err),
        CM_OK);
    in_dir(base, "home-export.yaml", path, sizeof path);
    assert_string_equal(pos_path, path);
    assert_true(io_exists(path));
    in_dir(base, "home-export.txt", path, sizeof path);
    assert_string_equal(rec_path, path);
    expect_game(path, "camette", 2);
    assert_int_equal(session_save_new(&g, "~/home-save.txt", 2, &err), CM_OK);
    in_dir(base, "home-save.txt", path, sizeof path);
    expect_game(path, "camette", 2);
    char expanded[64];
    assert_int_equal(io_expand_home("~other/x", expanded, sizeof expanded), 0);
    assert_string_equal(expanded, "~other/x");
    assert_int_equal(io_expand_home("a/~/b", expanded, sizeof expanded), 0);
    assert_string_equal(expanded, "a/~/b");
    assert_int_equal(io_expand_home("~/a-name-far-too-long-for-this-buffer-of-sixty-four-bytes",
                                    expanded, sizeof expanded),
                     -1);
    if (home != NULL)
        setenv("HOME", home, 1);
    else
        unsetenv("HOME");
    free(home);

    /* The autosave's writer too: a link in the place of the autosave is not written through. */
    Session a;
    char autosave[600];
    in_dir(data, "autosave.txt", autosave, sizeof autosave);
    assert_int_equal(symlink(target, autosave), 0);
    assert_int_equal(unlink(target), 0);
    tu_session_new(&a, "camette", "W=human B=human", NULL, data);
    tu_session_play(&a, "C3-C4", 1);
    tu_assert_contains(a.save_error, "symbolic link");
    assert_true(still(autosave, S_IFLNK));
    assert_false(io_exists(target));
    session_free(&a);
    session_free(&g);
    tu_remove_tree(base);
}

/* A game whose record would be longer than the most a record may be to be read back is not
 * saved (the autosave says why, and is tried again); the last save that fitted loads back. */
static void test_saves_too_long_a_game_is_not_saved(void **state)
{
    (void)state;
    char base[256], data[300], path[600];
    static const char *const shuffle[] = {"C2-D2", "C6-D6", "D2-C2", "D6-C6"};
    CmMove m[4];
    Session g;
    CmError err;
    data_dir(base, sizeof base, data, sizeof data);
    in_dir(base, "long.txt", path, sizeof path);
    /* No data directory while the game is played: an autosave a move would take long. */
    tu_session_new(&g, "camette", "W=human B=human", NULL, NULL);
    for (int i = 0; i < 4; i++) {
        CmPosition p = g.g.pos;
        cm_error_init(&err, NULL);
        assert_int_equal(cm_move_parse(&p, shuffle[i], &m[i], &err), CM_OK);
        tu_session_play(&g, shuffle[i], 0);
    }
    /* Camette has no repetition rule: knights going to and fro make a game as long as wanted,
     * saved after each block of plies until its record is too long. */
    int saved = 0;
    CmStatus st = CM_OK;
    while (st == CM_OK && g.g.n < 1000000) { /* some 430,000 plies reach 4 MiB */
        saved = g.g.n;
        for (int i = 0; i < 32768; i++)
            assert_int_equal(session_play(&g, &m[g.g.n % 4], 0), CM_OK);
        session_move_text(&g, g.g.n - 1);
        st = session_save_as(&g, path, 0, &err);
    }
    assert_false(g.outcome.over);
    assert_int_equal(st, CM_ERR_LIMIT);
    tu_assert_contains(err.msg, "too long to save");
    tu_assert_contains(err.msg, "4 MiB");
    char *text = session_record_text(&g, 0, NULL);
    assert_true(strlen(text) > CM_RECORD_MAX_BYTES);
    free(text);
    /* The last save that fitted is left whole, and is read back: a record of more than 3 MiB. */
    struct stat sb;
    assert_int_equal(stat(path, &sb), 0);
    assert_true(sb.st_size > 3 * 1024 * 1024 && sb.st_size <= CM_RECORD_MAX_BYTES);
    expect_game(path, "camette", saved);

    /* The autosave says why, and is tried again. */
    g.env.data_dir = data;
    assert_int_equal(session_autosave(&g, 5), CM_ERR_LIMIT);
    tu_assert_contains(g.save_error, "too long to save");
    assert_true(g.save_retry_at > 5);
    session_free(&g);
    tu_remove_tree(base);
}

static void test_saves_failed_autosave_is_retried_and_rescued(void **state)
{
    (void)state;
    char base[256], data[300], path[600], rescued[600], tmp[256];
    Session g;
    CmError err;
    data_dir(base, sizeof base, data, sizeof data);
    in_dir(data, "autosave.txt", path, sizeof path);

    /* The disk is full for the first move's autosave: the game goes on, says so, and is saved
     * when it is tried again. */
    tu_session_new(&g, "camelot", "W=human B=human", NULL, data);
    io_fault_set(1, ENOSPC);
    tu_session_play(&g, "E6-E8", 1000);
    io_fault_set(0, 0);
    tu_assert_contains(g.save_error, "No space left on device");
    assert_false(io_exists(path));
    assert_int_equal(session_tick(&g, 1001) & SESSION_EV_SAVED, 0);
    assert_true(session_tick(&g, 1000 + SESSION_RETRY_MS) & SESSION_EV_SAVED);
    assert_string_equal(g.save_error, "");
    expect_game(path, "camelot", 1);

    /* When the data directory is gone for good, the end of the program rescues the game in
     * the temporary directory, and says where. */
    tu_temp_dir(tmp, sizeof tmp);
    const char *old_tmp = getenv("TMPDIR");
    char *saved_tmp = old_tmp ? strdup(old_tmp) : NULL;
    setenv("TMPDIR", tmp, 1);
    tu_remove_tree(data);
    tu_session_play(&g, "F11-F9", 2000);
    assert_string_not_equal(g.save_error, "");
    assert_int_equal(session_close(&g, 2000, rescued, sizeof rescued, &err), CM_OK);
    tu_assert_contains(err.msg, "No such file");
    assert_int_equal(strncmp(rescued, tmp, strlen(tmp)), 0);
    tu_assert_contains(rescued, "camelot-rescued-");
    expect_game(rescued, "camelot", 2);
    session_free(&g);
    if (saved_tmp != NULL)
        setenv("TMPDIR", saved_tmp, 1);
    else
        unsetenv("TMPDIR");
    free(saved_tmp);
    tu_remove_tree(tmp);
    tu_remove_tree(base);
}

/* With no data directory at all (XDG_DATA_HOME unusable), the end of the program rescues the
 * game as it does when the data directory fails; a game with no move has nothing to keep. */
static void test_saves_game_without_data_directory_is_rescued(void **state)
{
    (void)state;
    char rescued[600], tmp[256];
    Session g;
    CmError err;
    tu_temp_dir(tmp, sizeof tmp);
    const char *old_tmp = getenv("TMPDIR");
    char *saved_tmp = old_tmp ? strdup(old_tmp) : NULL;
    setenv("TMPDIR", tmp, 1);

    tu_session_new(&g, "camelot", "W=human B=human", NULL, NULL);
    assert_int_equal(session_close(&g, 1000, rescued, sizeof rescued, &err), CM_OK);
    assert_string_equal(rescued, "");
    assert_int_equal(tu_count_files(tmp, "camelot-rescued-"), 0);
    session_free(&g);

    tu_session_new(&g, "camelot", "W=human B=human", NULL, NULL);
    tu_session_play(&g, "E6-E8", 1000);
    tu_session_play(&g, "F11-F9", 2000);
    assert_int_equal(session_close(&g, 2000, rescued, sizeof rescued, &err), CM_OK);
    tu_assert_contains(err.msg, "no data directory");
    assert_int_equal(strncmp(rescued, tmp, strlen(tmp)), 0);
    tu_assert_contains(rescued, "camelot-rescued-");
    expect_game(rescued, "camelot", 2);
    session_free(&g);

    if (saved_tmp != NULL)
        setenv("TMPDIR", saved_tmp, 1);
    else
        unsetenv("TMPDIR");
    free(saved_tmp);
    tu_remove_tree(tmp);
}

/* A save whose seat or clock tags cannot be read loads without them and says so; when it is
 * the autosave, which the next autosave writes over, the file as it was is kept first. */
static void test_saves_unreadable_seat_and_clock_tags_are_kept(void **state)
{
    (void)state;
    static const char saved[] = "[Variant \"camelot\"]\n[Seats \"W=human B=robot\"]\n"
                                "[TimeControl \"600+5\"]\n[Clocks \"W=590 B=ten\"]\n"
                                "[Result \"*\"]\n\n1. E6-E8 *\n";
    char base[256], data[300], path[600], other[600];
    Session g;
    CmError err;
    data_dir(base, sizeof base, data, sizeof data);
    in_dir(data, "autosave.txt", path, sizeof path);
    write_text(path, saved);

    /* --resume: the seat it names wrongly is a person's, the clock it cannot read full. */
    tu_session_open(&g, NULL, data);
    assert_int_equal(session_take_autosave(&g, &err), CM_OK);
    assert_int_equal(session_load(&g, path, NULL, NULL, &err), CM_OK);
    assert_int_equal(g.setup.seat[1].kind, SEAT_HUMAN);
    assert_int_equal(g.clock[0], 590000);
    assert_int_equal(g.clock[1], 600000);
    tu_assert_contains(g.notice, "Seats 'B=robot'");
    tu_assert_contains(g.notice, "Clocks 'W=590 B=ten'");
    tu_assert_contains(g.notice, "kept as");
    assert_int_equal(tu_count_files(data, "damaged-"), 1);
    assert_int_equal(files_holding(data, saved, strlen(saved)), 2);
    /* The next autosave writes the game as it is now; the copy keeps the tags. */
    tu_session_play(&g, "F11-F9", 1000);
    assert_string_equal(g.save_error, "");
    expect_game(path, "camelot", 2);
    assert_int_equal(files_holding(data, saved, strlen(saved)), 1);
    session_free(&g);

    /* Another file is not written over: it is only said. */
    in_dir(base, "other.txt", other, sizeof other);
    write_text(other, saved);
    tu_session_open(&g, NULL, data);
    assert_int_equal(session_load(&g, other, NULL, NULL, &err), CM_OK);
    tu_assert_contains(g.notice, "Seats 'B=robot'");
    assert_null(strstr(g.notice, "kept as"));
    assert_int_equal(tu_count_files(data, "damaged-"), 1);
    session_free(&g);

    /* A record with good tags says nothing. */
    tu_session_new(&g, "camelot", "W=human B=engine:3", NULL, NULL);
    g.setup.time_base_ms = 60000;
    char *text = session_record_text(&g, 0, NULL);
    assert_non_null(text);
    write_text(other, text);
    free(text);
    session_free(&g);
    tu_session_open(&g, NULL, data);
    assert_int_equal(session_load(&g, other, NULL, NULL, &err), CM_OK);
    assert_string_equal(g.notice, "");
    session_free(&g);
    tu_remove_tree(base);
}

/* A writer killed before its rename (by SIGKILL, or SIGXFSZ under a file size limit) leaves
 * its temporary file: whoever takes that autosave's lock removes it, and nothing else. */
static void test_saves_stale_temporary_files_are_removed(void **state)
{
    (void)state;
    static const char *const stale[] = {".autosave.txt.Ab12Cd", ".autosave.txt.000000"};
    static const char *const kept[] = {".autosave-2.txt.Xy34Zw", ".camelot-20240501.txt.Qq11Ww",
                                       ".autosave.txt.Ab12C", ".autosave.txt.Ab1-Cd",
                                       "autosave.txt.Ab12Cd"};
    char base[256], data[300], path[600];
    Session g;
    data_dir(base, sizeof base, data, sizeof data);
    for (size_t i = 0; i < sizeof stale / sizeof stale[0]; i++) {
        in_dir(data, stale[i], path, sizeof path);
        write_text(path, "[Variant \"camelot\"]\n\n1. E6-E");
    }
    for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++) {
        in_dir(data, kept[i], path, sizeof path);
        write_text(path, "half");
    }

    /* A new game's first move takes the autosave. */
    tu_session_new(&g, "camelot", "W=human B=human", NULL, data);
    assert_int_equal(tu_count_files(data, ".autosave.txt."), 4);
    tu_session_play(&g, "E6-E8", 1000);
    assert_int_equal(g.slot, 1);
    for (size_t i = 0; i < sizeof stale / sizeof stale[0]; i++) {
        in_dir(data, stale[i], path, sizeof path);
        assert_false(io_exists(path));
    }
    for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++) {
        in_dir(data, kept[i], path, sizeof path);
        assert_true(io_exists(path));
    }
    in_dir(data, "autosave.txt", path, sizeof path);
    expect_game(path, "camelot", 1);
    session_free(&g);

    /* '--resume' takes it as well. */
    in_dir(data, stale[0], path, sizeof path);
    write_text(path, "half");
    tu_session_open(&g, NULL, data);
    CmError err;
    assert_int_equal(session_take_autosave(&g, &err), CM_OK);
    assert_false(io_exists(path));
    session_free(&g);
    tu_remove_tree(base);
}

/* ---- Faults at every file operation ---------------------------------------------------------- */

static const int fault_kinds[] = {ENOSPC, EIO, EROFS, IO_FAULT_SHORT, IO_FAULT_NOMEM};
#define NKINDS (int)(sizeof fault_kinds / sizeof fault_kinds[0])

static long fault_points; /* failure points exercised, shown at the end */

/* A scenario of saving or loading: 'prepare' sets up a data directory (and may leave a game in
 * 'g'), 'act' does the operation under test, 'check' sees what it left. */
typedef struct Scenario {
    const char *name;
    void (*prepare)(const char *data, Session *g);
    CmStatus (*act)(const char *data, Session *g, CmError *err);
    void (*check)(const char *data, Session *g, CmStatus st);
} Scenario;

static char *old_game; /* the unfinished game the data directory holds at first */

static void prepare_unfinished(const char *data, Session *g)
{
    char path[600];
    in_dir(data, "autosave.txt", path, sizeof path);
    write_text(path, old_game);
    tu_session_new(g, "camette", "W=human B=human", NULL, data);
}

/* A new game's first autosave, over an unfinished game. */
static CmStatus act_first_autosave(const char *data, Session *g, CmError *err)
{
    (void)data;
    tu_session_play(g, "C3-C4", 1);
    cm_error_init(err, NULL);
    if (g->save_error[0])
        return cm_error_set(err, CM_ERR_IO, 0, 0, "%s", g->save_error);
    return CM_OK;
}

/* The unfinished game is whole somewhere (the autosave, or kept aside), and the new game is
 * in the autosave when the autosave worked. */
static void check_first_autosave(const char *data, Session *g, CmStatus st)
{
    char path[600];
    (void)g;
    assert_int_equal(files_holding(data, old_game, strlen(old_game)), 1);
    in_dir(data, "autosave.txt", path, sizeof path);
    if (st == CM_OK)
        expect_game(path, "camette", 1);
}

static void prepare_playing(const char *data, Session *g)
{
    tu_session_new(g, "camelot", "W=human B=human", NULL, data);
    tu_session_play(g, "E6-E8", 1);
    tu_session_play(g, "F11-F9", 2);
    assert_string_equal(g->save_error, "");
}

/* An autosave of a game under way. */
static CmStatus act_next_autosave(const char *data, Session *g, CmError *err)
{
    (void)data;
    tu_session_play(g, "E8-E9", 3);
    cm_error_init(err, NULL);
    if (g->save_error[0])
        return cm_error_set(err, CM_ERR_IO, 0, 0, "%s", g->save_error);
    return CM_OK;
}

/* The autosave holds the game before the move, or after it: never less, never a broken file. */
static void check_next_autosave(const char *data, Session *g, CmStatus st)
{
    char path[600];
    (void)g;
    in_dir(data, "autosave.txt", path, sizeof path);
    expect_game(path, "camelot", st == CM_OK ? 3 : 2);
    assert_int_equal(tu_count_files(data, ".autosave"), 0);
}

static CmStatus act_save_copy(const char *data, Session *g, CmError *err)
{
    char path[600];
    (void)data;
    return session_save_copy(g, 3, path, sizeof path, err);
}

/* A copy that failed left nothing; one that worked is whole. */
static void check_save_copy(const char *data, Session *g, CmStatus st)
{
    char path[600];
    (void)g;
    assert_int_equal(tu_count_files(data, "camelot-"), st == CM_OK);
    assert_int_equal(tu_count_files(data, ".camelot-"), 0);
    if (st == CM_OK) {
        only_file(data, "camelot-", path, sizeof path);
        expect_game(path, "camelot", 2);
    }
}

static CmStatus act_load(const char *data, Session *g, CmError *err)
{
    char path[600];
    in_dir(data, "autosave.txt", path, sizeof path);
    return session_load(g, path, NULL, NULL, err);
}

/* A load that failed keeps the game the session had; the file is untouched either way. */
static void check_load(const char *data, Session *g, CmStatus st)
{
    char path[600];
    (void)st;
    assert_int_equal(g->g.n, 2);
    assert_string_equal(g->v->name, "camelot");
    in_dir(data, "autosave.txt", path, sizeof path);
    expect_game(path, "camelot", 2);
}

static CmStatus act_list(const char *data, Session *g, CmError *err)
{
    SaveEntry saves[4];
    (void)data;
    int n = session_list_saves(g, saves, 4);
    assert_true(n >= 0 && n <= 1);
    cm_error_init(err, NULL);
    if (n == 1 && strstr(saves[0].label, "1 move (2 plies)") == NULL &&
        strstr(saves[0].label, "not a game record") == NULL)
        fail_msg("the label '%s' is neither right nor a refusal", saves[0].label);
    return n == 1 ? CM_OK : cm_error_set(err, CM_ERR_IO, 0, 0, "no saves listed");
}

static void check_unchanged(const char *data, Session *g, CmStatus st)
{
    char path[600];
    (void)g;
    (void)st;
    in_dir(data, "autosave.txt", path, sizeof path);
    expect_game(path, "camelot", 2);
}

static char rescue_dir[256]; /* $TMPDIR while a scenario acts, where a game is rescued */

/* The end of the program. */
static CmStatus act_close(const char *data, Session *g, CmError *err)
{
    char rescued[600];
    (void)data;
    CmStatus st = session_close(g, 3, rescued, sizeof rescued, err);
    if (rescued[0] != '\0')
        expect_game(rescued, "camelot", 2);
    return st;
}

/* The game is whole in the autosave or in the rescue directory. */
static void check_close(const char *data, Session *g, CmStatus st)
{
    char path[600];
    (void)g;
    assert_int_equal(st, CM_OK);
    in_dir(data, "autosave.txt", path, sizeof path);
    int rescued = tu_count_files(rescue_dir, "camelot-rescued-");
    assert_true(rescued <= 1);
    if (rescued == 0)
        expect_game(path, "camelot", 2);
}

static const Scenario scenarios[] = {
    {"first autosave", prepare_unfinished, act_first_autosave, check_first_autosave},
    {"autosave", prepare_playing, act_next_autosave, check_next_autosave},
    {"save copy", prepare_playing, act_save_copy, check_save_copy},
    {"load", prepare_playing, act_load, check_load},
    {"list of saves", prepare_playing, act_list, check_unchanged},
    {"close", prepare_playing, act_close, check_close},
};

/* Runs 'sc' with its 'nth' file operation failing as 'kind' ('nth' 0: none). Returns whether
 * the fault struck; '*ops' gets the operations counted. */
static int run_scenario(const Scenario *sc, long nth, int kind, long *ops)
{
    char base[256], data[300];
    Session g;
    CmError err;
    data_dir(base, sizeof base, data, sizeof data);
    tu_remove_tree(rescue_dir);
    assert_int_equal(mkdir(rescue_dir, 0700), 0);
    sc->prepare(data, &g);
    cm_error_init(&err, NULL);
    const char *old_tmp = getenv("TMPDIR");
    char *saved_tmp = old_tmp ? strdup(old_tmp) : NULL;
    setenv("TMPDIR", rescue_dir, 1);
    io_fault_set(nth, kind);
    CmStatus st = sc->act(data, &g, &err);
    int struck = io_fault_struck();
    *ops = io_fault_ops();
    io_fault_set(0, 0);
    if (saved_tmp != NULL)
        setenv("TMPDIR", saved_tmp, 1);
    else
        unsetenv("TMPDIR");
    free(saved_tmp);
    if (nth == 0 && st != CM_OK)
        fail_msg("%s: fails with no fault: %s", sc->name, err.msg);
    if (st != CM_OK && err.msg[0] == '\0')
        fail_msg("%s, operation %ld failing as %d: no reason given", sc->name, nth, kind);
    sc->check(data, &g, st);
    /* Afterwards, with the disk well again, the game saves. */
    if (g.active) {
        assert_int_equal(session_autosave(&g, 4), CM_OK);
        assert_string_equal(g.save_error, "");
    }
    session_free(&g);
    tu_remove_tree(base);
    return struck;
}

static void test_saves_every_file_operation_fails_in_turn(void **state)
{
    (void)state;
    char tmp[256];
    tu_temp_dir(tmp, sizeof tmp);
    in_dir(tmp, "rescue", rescue_dir, sizeof rescue_dir);
    assert_int_equal(mkdir(rescue_dir, 0700), 0);
    old_game = game_text(3);

    for (size_t i = 0; i < sizeof scenarios / sizeof scenarios[0]; i++) {
        const Scenario *sc = &scenarios[i];
        long ops, points = 0, unused;
        run_scenario(sc, 0, 0, &ops);
        assert_true(ops > 0);
        for (long nth = 1; nth <= ops; nth++)
            for (int k = 0; k < NKINDS; k++)
                points += run_scenario(sc, nth, fault_kinds[k], &unused);
        print_message("%-14s %3ld file operations, %3ld failure points\n", sc->name, ops, points);
        assert_true(points >= ops);
        fault_points += points;
    }
    free(old_game);
    tu_remove_tree(tmp);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_saves_two_games_in_one_directory),
        cmocka_unit_test(test_saves_damaged_autosave_is_kept),
        cmocka_unit_test(test_saves_cut_short_resume_their_first_moves),
        cmocka_unit_test(test_saves_record_variants),
        cmocka_unit_test(test_saves_only_over_regular_files),
        cmocka_unit_test(test_saves_too_long_a_game_is_not_saved),
        cmocka_unit_test(test_saves_failed_autosave_is_retried_and_rescued),
        cmocka_unit_test(test_saves_game_without_data_directory_is_rescued),
        cmocka_unit_test(test_saves_stale_temporary_files_are_removed),
        cmocka_unit_test(test_saves_unreadable_seat_and_clock_tags_are_kept),
        cmocka_unit_test(test_saves_every_file_operation_fails_in_turn),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    printf("saves fault loops: %ld failure points exercised\n", fault_points);
    return failed;
}
