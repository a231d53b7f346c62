/* For tests/net/hostile.py: an LD_PRELOAD library that plays the one who swaps a server's socket
 * for a link the moment it is bound. After each bind() of a Unix socket, the new socket's name
 * is replaced by a symbolic link to $CAMELOT_SWAP_TARGET (the socket itself is moved aside), as
 * someone who may write the directory could do between the server's bind() and what it does
 * next. A server that then changes its socket by that name changes the target instead.
 * SPDX-License-Identifier: MIT */
#define _GNU_SOURCE /* RTLD_NEXT */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

int bind(int fd, const struct sockaddr *sa, socklen_t len)
{
    int (*real)(int, const struct sockaddr *, socklen_t) =
        (int (*)(int, const struct sockaddr *, socklen_t))dlsym(RTLD_NEXT, "bind");
    int rc = real(fd, sa, len);
    const char *target = getenv("CAMELOT_SWAP_TARGET");
    if (rc == 0 && target != NULL && sa->sa_family == AF_UNIX) {
        const struct sockaddr_un *un = (const struct sockaddr_un *)sa;
        char aside[sizeof un->sun_path + 8];
        snprintf(aside, sizeof aside, "%s.aside", un->sun_path);
        if (rename(un->sun_path, aside) == 0 && symlink(target, un->sun_path) != 0)
            rename(aside, un->sun_path);
    }
    return rc;
}
