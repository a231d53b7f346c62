/* Seats, time controls, and the readers of their texts.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "setup.h"

#define INT_LIMIT 100000000000L

void setup_default(SessionSetup *s, const CmVariant *v, const char *variant_ref)
{
    memset(s, 0, sizeof *s);
    snprintf(s->variant, sizeof s->variant, "%s", variant_ref ? variant_ref : v->name);
    for (int i = 0; i < CM_MAX_SEATS; i++) {
        s->seat[i].kind = i == 0 ? SEAT_HUMAN : SEAT_ENGINE;
        s->seat[i].level = SETUP_DEFAULT_LEVEL;
    }
}

void setup_all_human(SessionSetup *s)
{
    for (int i = 0; i < CM_MAX_SEATS; i++)
        s->seat[i].kind = SEAT_HUMAN;
}

int setup_parse_int(const char *text, long lo, long hi, long *out)
{
    const char *p = text;
    int neg = *p == '-';
    long v = 0;

    if (neg)
        p++;
    if (*p < '0' || *p > '9')
        return 0;
    for (; *p >= '0' && *p <= '9'; p++) {
        if (v > INT_LIMIT)
            return 0; /* far beyond any range asked for, and clear of overflow */
        v = v * 10 + (*p - '0');
    }
    if (*p != '\0')
        return 0;
    if (neg)
        v = -v;
    if (v < lo || v > hi)
        return 0;
    *out = v;
    return 1;
}

static int parse_level(const char *t, int *level)
{
    long n;
    if (!setup_parse_int(t, 1, 10, &n) || t[0] == '-')
        return 0;
    *level = (int)n;
    return 1;
}

int setup_seat(SessionSetup *s, const CmVariant *v, const char *spec, char *why, size_t size)
{
    const char *eq = strchr(spec, '=');

    if (eq == NULL || eq - spec != 1) {
        snprintf(why, size, "bad seat '%s' (expected e.g. W=human or B=engine:7)", spec);
        return -1;
    }
    int seat = cm_variant_seat(v, spec[0]);
    if (seat < 0) {
        char letters[2 * CM_MAX_SEATS + 1];
        int n = 0;
        for (int i = 0; i < v->nseats; i++) {
            letters[n++] = v->seat[i].letter;
            letters[n++] = i + 1 < v->nseats ? ',' : '\0';
        }
        snprintf(why, size, "%s has no seat '%c' (its seats are %s)", v->title, spec[0], letters);
        return -1;
    }
    return setup_player(eq + 1, spec, &s->seat[seat], why, size);
}

int setup_player(const char *what, const char *spec, SeatSetup *out, char *why, size_t size)
{
    int level = SETUP_DEFAULT_LEVEL;
    if (strcmp(what, "human") == 0 || strcmp(what, "h") == 0) {
        out->kind = SEAT_HUMAN;
        return 0;
    }
    if (strncmp(what, "engine", 6) == 0 && (what[6] == '\0' || what[6] == ':')) {
        if (what[6] == ':' && !parse_level(what + 7, &level)) {
            snprintf(why, size, "bad engine level in '%s' (a level is 1 to 10)", spec);
            return -1;
        }
    } else if (!parse_level(what, &level)) {
        snprintf(why, size, "bad seat '%s' (expected human, engine or engine:LEVEL, 1-10)", spec);
        return -1;
    }
    out->kind = SEAT_ENGINE;
    out->level = level;
    return 0;
}

void setup_seats_text(const SessionSetup *s, const CmVariant *v, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < v->nseats && len < size; i++) {
        if (s->seat[i].kind == SEAT_HUMAN)
            len += (size_t)snprintf(buf + len, size - len, "%s%c=human", i ? " " : "",
                                    v->seat[i].letter);
        else
            len += (size_t)snprintf(buf + len, size - len, "%s%c=engine:%d", i ? " " : "",
                                    v->seat[i].letter, s->seat[i].level);
    }
}

int setup_parse_seconds(const char *t, const char *end, int64_t *out)
{
    int64_t v = 0, frac = 0, scale = 1000;
    int digits = 0, rest = 0;
    const char *p = t;

    for (; p < end && *p >= '0' && *p <= '9'; p++, digits++) {
        v = v * 10 + (*p - '0');
        if (v > SETUP_MAX_SECONDS)
            return 0;
    }
    if (p < end && *p == '.') {
        p++;
        for (; p < end && *p >= '0' && *p <= '9'; p++, digits++) {
            if (scale > 1) {
                scale /= 10;
                frac += (*p - '0') * scale;
            } else if (*p != '0') {
                rest = 1; /* a fraction of a millisecond: rounded up */
            }
        }
    }
    if (p != end || digits == 0)
        return 0;
    if (v * 1000 + frac + rest > (int64_t)SETUP_MAX_SECONDS * 1000)
        return 0; /* past the largest number of seconds by a fraction */
    *out = v * 1000 + frac + rest;
    return 1;
}

int setup_parse_time(const char *spec, int64_t *base_ms, int64_t *inc_ms)
{
    const char *plus = strchr(spec, '+');
    const char *end = spec + strlen(spec);
    int64_t base, inc = 0;

    if (!setup_parse_seconds(spec, plus ? plus : end, &base))
        return -1;
    if (plus && !setup_parse_seconds(plus + 1, end, &inc))
        return -1;
    base *= 60; /* minutes */
    if (base <= 0 && inc <= 0)
        return -1;
    if (base <= 0)
        base = inc;
    *base_ms = base;
    *inc_ms = inc;
    return 0;
}
