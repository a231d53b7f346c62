/* The openings file of a match: each line a start (the variant's, or a position document) and
 * moves played from it, each checked against the rules, a bad line named by its number.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/notation.h"
#include "camelot/posdoc.h"
#include "io/io.h"
#include "match_int.h"

/* ---- The openings file ------------------------------------------------------------------ */

/* Reads opening 'line' (one line of the file, changed in place) into 'op'. Returns 0, or -1
 * with the reason in 'why'. */
static int read_opening(CliCtx *ctx, const CmVariant *v, char *line, Opening *op, char *why,
                        size_t size)
{
    CmGame game;
    CmError err;
    char *moves = line;
    cm_error_init(&err, NULL);
    if (line[0] == '{') {
        /* The document runs to the brace that closes the first. */
        int depth = 0;
        char *end = line;
        for (; *end; end++) {
            depth += (*end == '{') - (*end == '}');
            if (depth == 0)
                break;
        }
        if (*end == '\0') {
            snprintf(why, size, "the position document has no closing '}'");
            return -1;
        }
        moves = end + 1;
        char saved = *moves;
        *moves = '\0';
        CatalogResolver r = {&ctx->catalog, NULL, {0}};
        CmStatus st = cm_posdoc_parse(line, strlen(line), catalog_resolve, &r, v, &op->start, &err);
        *moves = saved;
        if (st != CM_OK) {
            snprintf(why, size, "position document, column %d: %.120s", err.col, err.msg);
            return -1;
        }
        if (op->start.v != v) {
            snprintf(why, size, "the position is of the variant '%s', not '%s'", op->start.v->name,
                     v->name);
            return -1;
        }
        if (!cm_rules_playable(&op->start, why, size))
            return -1;
        op->from_doc = 1;
        moves += strspn(moves, " \t");
        if (strncmp(moves, "moves", 5) == 0 && (moves[5] == ' ' || moves[5] == '\0'))
            moves += 5;
        else if (*moves != '\0') {
            snprintf(why, size, "after the position document comes 'moves ...' or nothing");
            return -1;
        }
    }
    if (cm_game_init(&game, v, op->from_doc ? &op->start : NULL) != CM_OK) {
        snprintf(why, size, "out of memory");
        return -1;
    }
    int rc = 0;
    for (char *save = NULL, *tok = strtok_r(moves, " \t", &save); tok != NULL && rc == 0;
         tok = strtok_r(NULL, " \t", &save)) {
        CmMove m;
        CmMove *nm;
        if (game.outcome.over) {
            snprintf(why, size, "move '%.40s': the game is already over", tok);
            rc = -1;
        } else if (cm_move_parse(&game.pos, tok, &m, &err) != CM_OK) {
            snprintf(why, size, "move '%.40s': %.120s", tok, err.msg);
            rc = -1;
        } else if ((nm = realloc(op->moves, (size_t)(op->nmoves + 1) * sizeof *nm)) == NULL ||
                   cm_game_play(&game, &m) != CM_OK) {
            if (nm != NULL)
                op->moves = nm;
            snprintf(why, size, "out of memory");
            rc = -1;
        } else {
            op->moves = nm;
            op->moves[op->nmoves++] = m;
        }
    }
    if (rc == 0 && game.outcome.over) {
        snprintf(why, size, "the game is over after these moves");
        rc = -1;
    }
    cm_game_free(&game);
    return rc;
}

/* Reads the openings file 'path' into '*book' (one opening per line that is neither empty nor
 * a '#' comment). Prints the first error as 'FILE:LINE: reason' and returns -1. */
int match_read_openings(CliCtx *ctx, const CmVariant *v, const char *path, Opening **book,
                        int *nbook)
{
    CmError err;
    char *text = NULL, why[200];
    size_t len;
    long lineno = 0;
    int rc = 0;
    cm_error_init(&err, path);
    if (io_read_file(path, CM_RECORD_MAX_BYTES, &text, &len, &err) != CM_OK) {
        cli_report(&err, NULL, 0);
        return -1;
    }
    for (char *line = text, *next; line != NULL && rc == 0; line = next) {
        next = strchr(line, '\n');
        if (next != NULL)
            *next++ = '\0';
        lineno++;
        line[strcspn(line, "\r#")] = '\0';
        line += strspn(line, " \t");
        size_t n = strlen(line);
        while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t'))
            line[--n] = '\0';
        if (n == 0)
            continue;
        Opening *nb = realloc(*book, (size_t)(*nbook + 1) * sizeof *nb);
        if (nb == NULL) {
            rc = -1;
            fputs("camelot: out of memory\n", stderr);
            break;
        }
        *book = nb;
        Opening *op = &nb[(*nbook)++];
        memset(op, 0, sizeof *op);
        op->line = lineno;
        if (read_opening(ctx, v, line, op, why, sizeof why) != 0) {
            fprintf(stderr, "camelot: %s:%ld: %s\n", path, lineno, why);
            rc = -1;
        }
    }
    if (rc == 0 && *nbook == 0) {
        fprintf(stderr, "camelot: %s: no opening in the file\n", path);
        rc = -1;
    }
    free(text);
    return rc;
}
