/* The 'tune' command: fits the evaluation's weights to the outcomes of games (the Texel
 * method). Every position of the records where the seat to move need not capture is a sample:
 * the counts of the evaluation's terms and the game's result for the seat to move. The
 * weights are moved to make the predicted score, a logistic curve of the evaluation, match
 * the results in the least-squares sense. docs/engine.md tells how the tables were made.
 * SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/engine.h"
#include "cli.h"

#define TUNE_SKIP_PLIES 8 /* the first plies of a game are the match's random opening */

const char cli_tune_usage[] = "tune [--variant V] [--iterations N] [--fix TERM] RECORD...\n"
                              "       camelot tune --list [--variant V]";
const char cli_tune_help[] =
    "Fits the evaluation's weights to the results of games (the Texel method): each\n"
    "position of the records (after the first 8 plies) where the side to move need\n"
    "not capture is a sample, and the weights that make a logistic curve of the\n"
    "evaluation predict the results best are printed, with the mean squared error\n"
    "before and after, as 'w.TERM=N' switches for 'camelot match'. The man's weight\n"
    "stays 100. Records come from 'camelot match --records DIR/%d.txt'.\n\n"
    "  --variant V        the variant of the records (default: their Variant tag)\n"
    "  --iterations N     steps of the gradient descent (default 3000)\n"
    "  --fix TERM         keeps a term's weight as it is (repeatable)\n"
    "  --list             prints the terms and the variant's weights, and stops\n";

static const CliOpt tune_opts[] = {
    {"--variant", 1, 0}, {"--iterations", 1, 0}, {"--fix", 1, 1}, {"--list", 0, 0}};
enum { OPT_VARIANT, OPT_ITERATIONS, OPT_FIX, OPT_LIST };

/* The samples: 'n' rows of term counts, results and evaluations. */
typedef struct Samples {
    float *count;  /* CM_EVAL_TERMS per sample */
    float *result; /* 1, 0.5 or 0 for the side to move */
    int *eval;     /* the engine's evaluation */
    long n, cap;
} Samples;

static int samples_add(Samples *s, const double *count, double result, int eval)
{
    if (s->n == s->cap) {
        long cap = s->cap ? 2 * s->cap : 4096;
        float *c = realloc(s->count, (size_t)cap * CM_EVAL_TERMS * sizeof *c);
        if (c == NULL)
            return -1;
        s->count = c;
        float *r = realloc(s->result, (size_t)cap * sizeof *r);
        if (r == NULL)
            return -1;
        s->result = r;
        int *e = realloc(s->eval, (size_t)cap * sizeof *e);
        if (e == NULL)
            return -1;
        s->eval = e;
        s->cap = cap;
    }
    for (int t = 0; t < CM_EVAL_TERMS; t++)
        s->count[s->n * CM_EVAL_TERMS + t] = (float)count[t];
    s->result[s->n] = (float)result;
    s->eval[s->n] = eval;
    s->n++;
    return 0;
}

/* Replays 'game' from its start, adding a sample for every position after the opening where
 * the side to move need not capture. Returns -1 when out of memory. */
static int add_game(CmEngine *e, const CmGame *game, Samples *s)
{
    CmGame g;
    const CmOutcome *end = &game->outcome;
    int rc = 0;

    if (cm_game_init(&g, game->v, &game->start) != CM_OK)
        return -1;
    for (int i = 0; i < game->n && !g.outcome.over && rc == 0; i++) {
        double count[CM_EVAL_TERMS];
        int eval;
        if (i >= TUNE_SKIP_PLIES && cm_engine_eval_trace(e, &g.pos, count, &eval)) {
            int team = game->v->seat[g.pos.to_move].team;
            double r = !end->over || end->draw ? 0.5 : end->winner == team ? 1.0 : 0.0;
            rc = samples_add(s, count, r, eval);
        }
        if (rc == 0 && cm_game_play(&g, &game->ply[i].move) != CM_OK)
            rc = -1;
    }
    cm_game_free(&g);
    return rc;
}

static double sigmoid(double k, double x)
{
    return 1.0 / (1.0 + pow(10.0, -k * x / 400.0));
}

/* Mean squared error of the engine's own evaluations, scaled by 'k'. */
static double eval_error(const Samples *s, double k)
{
    double sum = 0;
    for (long i = 0; i < s->n; i++) {
        double d = s->result[i] - sigmoid(k, s->eval[i]);
        sum += d * d;
    }
    return sum / (double)s->n;
}

/* The scale that fits the engine's evaluations best, by golden-section search. */
static double fit_scale(const Samples *s)
{
    double lo = 0.05, hi = 5.0, g = (sqrt(5.0) - 1) / 2;
    double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
    double fa = eval_error(s, a), fb = eval_error(s, b);
    for (int i = 0; i < 60; i++) {
        if (fa < fb) {
            hi = b;
            b = a;
            fb = fa;
            a = hi - g * (hi - lo);
            fa = eval_error(s, a);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + g * (hi - lo);
            fb = eval_error(s, b);
        }
    }
    return (lo + hi) / 2;
}

/* Mean squared error of the linear model with weights 'w', and its gradient in 'grad'
 * (NULL: not wanted). */
static double model_error(const Samples *s, double k, const double *w, double *grad)
{
    double sum = 0;
    if (grad != NULL)
        memset(grad, 0, CM_EVAL_TERMS * sizeof *grad);
    for (long i = 0; i < s->n; i++) {
        const float *c = s->count + i * CM_EVAL_TERMS;
        double x = 0;
        for (int t = 0; t < CM_EVAL_TERMS; t++)
            x += w[t] * c[t];
        double p = sigmoid(k, x), d = s->result[i] - p;
        sum += d * d;
        if (grad != NULL) {
            /* d/dw of (r - p)^2 = -2 (r - p) p (1 - p) k ln10 / 400 * c */
            double f = -2.0 * d * p * (1 - p) * k * log(10.0) / 400.0;
            for (int t = 0; t < CM_EVAL_TERMS; t++)
                grad[t] += f * c[t];
        }
    }
    if (grad != NULL)
        for (int t = 0; t < CM_EVAL_TERMS; t++)
            grad[t] /= (double)s->n;
    return sum / (double)s->n;
}

/* Adam on the free weights; 'fixed[t]' keeps weight t. */
static void descend(const Samples *s, double k, double *w, const int *fixed, long iterations)
{
    double m[CM_EVAL_TERMS] = {0}, v[CM_EVAL_TERMS] = {0}, grad[CM_EVAL_TERMS];
    const double rate = 1.0, b1 = 0.9, b2 = 0.999;
    for (long it = 1; it <= iterations; it++) {
        double err = model_error(s, k, w, grad);
        for (int t = 0; t < CM_EVAL_TERMS; t++) {
            if (fixed[t])
                continue;
            m[t] = b1 * m[t] + (1 - b1) * grad[t];
            v[t] = b2 * v[t] + (1 - b2) * grad[t] * grad[t];
            double mh = m[t] / (1 - pow(b1, (double)it)), vh = v[t] / (1 - pow(b2, (double)it));
            w[t] -= rate * mh / (sqrt(vh) + 1e-12);
        }
        if (it % 500 == 0)
            fprintf(stderr, "iteration %ld: error %.6f\n", it, err);
    }
}

static void print_weights(const char *label, const int *w)
{
    printf("%s", label);
    for (int t = 0; t < CM_EVAL_TERMS; t++)
        printf("%sw.%s=%d", t ? "," : "", cm_engine_term_name(t), w[t]);
    printf("\n");
}

/* Loads the records into 's'. Returns an exit code, -1 to go on. */
static int load_records(CliCtx *ctx, const CliArgs *a, CmEngine **e, Samples *s)
{
    long games = 0;
    for (int i = 0; i < a->nargs; i++) {
        CmRecord rec;
        CmGame game;
        int rc = cli_record_load(ctx, a->args[i], a->value[OPT_VARIANT], &rec, &game);
        if (rc != CLI_EXIT_OK)
            return rc;
        if (*e == NULL && cm_engine_new(game.v, 1 << 20, e) != CM_OK)
            rc = cli_out_of_memory();
        else if (cm_engine_variant(*e) != game.v)
            rc = cli_usage_error(cli_tune_usage, "'%s' is a game of another variant", a->args[i]);
        else if (add_game(*e, &game, s) != 0)
            rc = cli_out_of_memory();
        cm_game_free(&game);
        cm_record_free(&rec);
        if (rc != CLI_EXIT_OK)
            return rc;
        games++;
    }
    printf("%ld game%s, %ld position%s\n", games, games == 1 ? "" : "s", s->n,
           s->n == 1 ? "" : "s");
    return -1;
}

/* Reads the --fix terms into 'fixed'. Returns an exit code, -1 to go on. */
static int read_fixed(const CliArgs *a, int *fixed)
{
    fixed[CM_EVAL_MAN] = 1;
    for (int i = 0; i < a->nvalues[OPT_FIX]; i++) {
        int t = cm_engine_term_find(a->values[OPT_FIX][i]);
        if (t < 0)
            return cli_usage_error(cli_tune_usage, "no term '%s' (see 'camelot tune --list')",
                                   a->values[OPT_FIX][i]);
        fixed[t] = 1;
    }
    return -1;
}

static int list_terms(CliCtx *ctx, const char *variant_ref)
{
    const CmVariant *v = cli_variant(ctx, variant_ref ? variant_ref : CLI_DEFAULT_VARIANT);
    CmEngine *e = NULL;
    int w[CM_EVAL_TERMS];
    if (v == NULL)
        return CLI_EXIT_INPUT;
    if (cm_engine_new(v, 1 << 20, &e) != CM_OK)
        return cli_out_of_memory();
    cm_engine_get_weights(e, w);
    for (int t = 0; t < CM_EVAL_TERMS; t++)
        printf("%-16s %d\n", cm_engine_term_name(t), w[t]);
    cm_engine_free(e);
    return CLI_EXIT_OK;
}

int cli_tune(CliCtx *ctx, int argc, char **argv)
{
    CliArgs a;
    Samples s = {0};
    CmEngine *e = NULL;
    long iterations = 3000;
    int fixed[CM_EVAL_TERMS] = {0};
    int rc = cli_args_parse(cli_tune_usage, cli_tune_help, tune_opts,
                            (int)(sizeof tune_opts / sizeof tune_opts[0]), argc, argv, &a);

    if (rc < 0 && a.value[OPT_LIST] != NULL) {
        rc = list_terms(ctx, a.value[OPT_VARIANT]);
        goto out;
    }
    if (rc < 0 && a.nargs == 0)
        rc = cli_usage_error(cli_tune_usage, "'tune' needs game records");
    if (rc < 0 && a.value[OPT_ITERATIONS] != NULL)
        rc = cli_int_arg(&a, "iterations", "1-1000000", a.value[OPT_ITERATIONS], 1, 1000000,
                         &iterations);
    if (rc < 0)
        rc = read_fixed(&a, fixed);
    if (rc < 0)
        rc = load_records(ctx, &a, &e, &s);
    if (rc < 0 && s.n == 0) {
        fprintf(stderr, "camelot: the records hold no position to fit\n");
        rc = CLI_EXIT_INPUT;
    }
    if (rc < 0) {
        int w0[CM_EVAL_TERMS], w1[CM_EVAL_TERMS];
        double w[CM_EVAL_TERMS];
        cm_engine_get_weights(e, w0);
        for (int t = 0; t < CM_EVAL_TERMS; t++)
            w[t] = w0[t];
        double k = fit_scale(&s);
        printf("scale %.4f: error of the evaluation %.6f, of the linear model %.6f\n", k,
               eval_error(&s, k), model_error(&s, k, w, NULL));
        descend(&s, k, w, fixed, iterations);
        for (int t = 0; t < CM_EVAL_TERMS; t++)
            w1[t] = (int)lround(w[t]);
        printf("error after fitting %.6f\n", model_error(&s, k, w, NULL));
        print_weights("before: ", w0);
        print_weights("after:  ", w1);
        rc = CLI_EXIT_OK;
    }
out:
    cm_engine_free(e);
    free(s.count);
    free(s.result);
    free(s.eval);
    cli_args_free(&a);
    return rc;
}
