/* Growing an array (camelot/grow.h).
 * SPDX-License-Identifier: MIT */
#include "camelot/grow.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int cm_grow(void *arrayp, int *cap, int need, size_t size, int first)
{
    if (need <= *cap)
        return 0;
    int ncap = *cap > 0 ? *cap : first > 0 ? first : 1;
    while (ncap < need) {
        if (ncap > INT_MAX / 2)
            return -1;
        ncap *= 2;
    }
    if (size != 0 && (size_t)ncap > SIZE_MAX / size)
        return -1;
    /* The pointer is read and written through memcpy: 'arrayp' is a pointer to a pointer of
     * any type. */
    void *old;
    memcpy(&old, arrayp, sizeof old);
    void *p = realloc(old, (size_t)ncap * size);
    if (p == NULL)
        return -1;
    memcpy(arrayp, &p, sizeof p);
    *cap = ncap;
    return 0;
}
