/* The classes of the Unicode 14.0.0 code points for the network protocol's text filter
 * (net_text_check, src/net/proto.c; the rule is written in src/net/proto.h): every
 * code point that is not visible, in sorted and disjoint ranges of its class. Made by
 *     python3 tools/unicode_table.py > src/net/unicode_tab.c
 * from Python's unicodedata; do not edit it, change the script and run it again.
 * SPDX-License-Identifier: MIT */
#include "unicode_int.h"

const char net_uc_version[] = "14.0.0";

/* Each with the general categories of its code points. */
const NetUcRange net_uc_ranges[] = {
    {0x0000, 0x001F, NET_UC_REFUSED},    /* Cc */
    {0x0020, 0x0020, NET_UC_SPACE},      /* Zs */
    {0x007F, 0x009F, NET_UC_REFUSED},    /* Cc */
    {0x00A0, 0x00A0, NET_UC_SPACE},      /* Zs */
    {0x00AD, 0x00AD, NET_UC_REFUSED},    /* Cf */
    {0x0300, 0x034E, NET_UC_MARK},       /* Mn */
    {0x034F, 0x034F, NET_UC_REFUSED},    /* Mn */
    {0x0350, 0x036F, NET_UC_MARK},       /* Mn */
    {0x0378, 0x0379, NET_UC_REFUSED},    /* Cn */
    {0x0380, 0x0383, NET_UC_REFUSED},    /* Cn */
    {0x038B, 0x038B, NET_UC_REFUSED},    /* Cn */
    {0x038D, 0x038D, NET_UC_REFUSED},    /* Cn */
    {0x03A2, 0x03A2, NET_UC_REFUSED},    /* Cn */
    {0x0483, 0x0489, NET_UC_MARK},       /* Me Mn */
    {0x0530, 0x0530, NET_UC_REFUSED},    /* Cn */
    {0x0557, 0x0558, NET_UC_REFUSED},    /* Cn */
    {0x058B, 0x058C, NET_UC_REFUSED},    /* Cn */
    {0x0590, 0x0590, NET_UC_REFUSED},    /* Cn */
    {0x0591, 0x05BD, NET_UC_MARK},       /* Mn */
    {0x05BF, 0x05BF, NET_UC_MARK},       /* Mn */
    {0x05C1, 0x05C2, NET_UC_MARK},       /* Mn */
    {0x05C4, 0x05C5, NET_UC_MARK},       /* Mn */
    {0x05C7, 0x05C7, NET_UC_MARK},       /* Mn */
    {0x05C8, 0x05CF, NET_UC_REFUSED},    /* Cn */
    {0x05EB, 0x05EE, NET_UC_REFUSED},    /* Cn */
    {0x05F5, 0x0605, NET_UC_REFUSED},    /* Cf Cn */
    {0x0610, 0x061A, NET_UC_MARK},       /* Mn */
    {0x061C, 0x061C, NET_UC_REFUSED},    /* Cf */
    {0x064B, 0x065F, NET_UC_MARK},       /* Mn */
    {0x0670, 0x0670, NET_UC_MARK},       /* Mn */
    {0x06D6, 0x06DC, NET_UC_MARK},       /* Mn */
    {0x06DD, 0x06DD, NET_UC_REFUSED},    /* Cf */
    {0x06DF, 0x06E4, NET_UC_MARK},       /* Mn */
    {0x06E7, 0x06E8, NET_UC_MARK},       /* Mn */
    {0x06EA, 0x06ED, NET_UC_MARK},       /* Mn */
    {0x070E, 0x070F, NET_UC_REFUSED},    /* Cf Cn */
    {0x0711, 0x0711, NET_UC_MARK},       /* Mn */
    {0x0730, 0x074A, NET_UC_MARK},       /* Mn */
    {0x074B, 0x074C, NET_UC_REFUSED},    /* Cn */
    {0x07A6, 0x07B0, NET_UC_MARK},       /* Mn */
    {0x07B2, 0x07BF, NET_UC_REFUSED},    /* Cn */
    {0x07EB, 0x07F3, NET_UC_MARK},       /* Mn */
    {0x07FB, 0x07FC, NET_UC_REFUSED},    /* Cn */
    {0x07FD, 0x07FD, NET_UC_MARK},       /* Mn */
    {0x0816, 0x0819, NET_UC_MARK},       /* Mn */
    {0x081B, 0x0823, NET_UC_MARK},       /* Mn */
    {0x0825, 0x0827, NET_UC_MARK},       /* Mn */
    {0x0829, 0x082D, NET_UC_MARK},       /* Mn */
    {0x082E, 0x082F, NET_UC_REFUSED},    /* Cn */
    {0x083F, 0x083F, NET_UC_REFUSED},    /* Cn */
    {0x0859, 0x085B, NET_UC_MARK},       /* Mn */
    {0x085C, 0x085D, NET_UC_REFUSED},    /* Cn */
    {0x085F, 0x085F, NET_UC_REFUSED},    /* Cn */
    {0x086B, 0x086F, NET_UC_REFUSED},    /* Cn */
    {0x088F, 0x0897, NET_UC_REFUSED},    /* Cf Cn */
    {0x0898, 0x089F, NET_UC_MARK},       /* Mn */
    {0x08CA, 0x08E1, NET_UC_MARK},       /* Mn */
    {0x08E2, 0x08E2, NET_UC_REFUSED},    /* Cf */
    {0x08E3, 0x0903, NET_UC_MARK},       /* Mc Mn */
    {0x093A, 0x093C, NET_UC_MARK},       /* Mc Mn */
    {0x093E, 0x094F, NET_UC_MARK},       /* Mc Mn */
    {0x0951, 0x0957, NET_UC_MARK},       /* Mn */
    {0x0962, 0x0963, NET_UC_MARK},       /* Mn */
    {0x0981, 0x0983, NET_UC_MARK},       /* Mc Mn */
    {0x0984, 0x0984, NET_UC_REFUSED},    /* Cn */
    {0x098D, 0x098E, NET_UC_REFUSED},    /* Cn */
    {0x0991, 0x0992, NET_UC_REFUSED},    /* Cn */
    {0x09A9, 0x09A9, NET_UC_REFUSED},    /* Cn */
    {0x09B1, 0x09B1, NET_UC_REFUSED},    /* Cn */
    {0x09B3, 0x09B5, NET_UC_REFUSED},    /* Cn */
    {0x09BA, 0x09BB, NET_UC_REFUSED},    /* Cn */
    {0x09BC, 0x09BC, NET_UC_MARK},       /* Mn */
    {0x09BE, 0x09C4, NET_UC_MARK},       /* Mc Mn */
    {0x09C5, 0x09C6, NET_UC_REFUSED},    /* Cn */
    {0x09C7, 0x09C8, NET_UC_MARK},       /* Mc */
    {0x09C9, 0x09CA, NET_UC_REFUSED},    /* Cn */
    {0x09CB, 0x09CD, NET_UC_MARK},       /* Mc Mn */
    {0x09CF, 0x09D6, NET_UC_REFUSED},    /* Cn */
    {0x09D7, 0x09D7, NET_UC_MARK},       /* Mc */
    {0x09D8, 0x09DB, NET_UC_REFUSED},    /* Cn */
    {0x09DE, 0x09DE, NET_UC_REFUSED},    /* Cn */
    {0x09E2, 0x09E3, NET_UC_MARK},       /* Mn */
    {0x09E4, 0x09E5, NET_UC_REFUSED},    /* Cn */
    {0x09FE, 0x09FE, NET_UC_MARK},       /* Mn */
    {0x09FF, 0x0A00, NET_UC_REFUSED},    /* Cn */
    {0x0A01, 0x0A03, NET_UC_MARK},       /* Mc Mn */
    {0x0A04, 0x0A04, NET_UC_REFUSED},    /* Cn */
    {0x0A0B, 0x0A0E, NET_UC_REFUSED},    /* Cn */
    {0x0A11, 0x0A12, NET_UC_REFUSED},    /* Cn */
    {0x0A29, 0x0A29, NET_UC_REFUSED},    /* Cn */
    {0x0A31, 0x0A31, NET_UC_REFUSED},    /* Cn */
    {0x0A34, 0x0A34, NET_UC_REFUSED},    /* Cn */
    {0x0A37, 0x0A37, NET_UC_REFUSED},    /* Cn */
    {0x0A3A, 0x0A3B, NET_UC_REFUSED},    /* Cn */
    {0x0A3C, 0x0A3C, NET_UC_MARK},       /* Mn */
    {0x0A3D, 0x0A3D, NET_UC_REFUSED},    /* Cn */
    {0x0A3E, 0x0A42, NET_UC_MARK},       /* Mc Mn */
    {0x0A43, 0x0A46, NET_UC_REFUSED},    /* Cn */
    {0x0A47, 0x0A48, NET_UC_MARK},       /* Mn */
    {0x0A49, 0x0A4A, NET_UC_REFUSED},    /* Cn */
    {0x0A4B, 0x0A4D, NET_UC_MARK},       /* Mn */
    {0x0A4E, 0x0A50, NET_UC_REFUSED},    /* Cn */
    {0x0A51, 0x0A51, NET_UC_MARK},       /* Mn */
    {0x0A52, 0x0A58, NET_UC_REFUSED},    /* Cn */
    {0x0A5D, 0x0A5D, NET_UC_REFUSED},    /* Cn */
    {0x0A5F, 0x0A65, NET_UC_REFUSED},    /* Cn */
    {0x0A70, 0x0A71, NET_UC_MARK},       /* Mn */
    {0x0A75, 0x0A75, NET_UC_MARK},       /* Mn */
    {0x0A77, 0x0A80, NET_UC_REFUSED},    /* Cn */
    {0x0A81, 0x0A83, NET_UC_MARK},       /* Mc Mn */
    {0x0A84, 0x0A84, NET_UC_REFUSED},    /* Cn */
    {0x0A8E, 0x0A8E, NET_UC_REFUSED},    /* Cn */
    {0x0A92, 0x0A92, NET_UC_REFUSED},    /* Cn */
    {0x0AA9, 0x0AA9, NET_UC_REFUSED},    /* Cn */
    {0x0AB1, 0x0AB1, NET_UC_REFUSED},    /* Cn */
    {0x0AB4, 0x0AB4, NET_UC_REFUSED},    /* Cn */
    {0x0ABA, 0x0ABB, NET_UC_REFUSED},    /* Cn */
    {0x0ABC, 0x0ABC, NET_UC_MARK},       /* Mn */
    {0x0ABE, 0x0AC5, NET_UC_MARK},       /* Mc Mn */
    {0x0AC6, 0x0AC6, NET_UC_REFUSED},    /* Cn */
    {0x0AC7, 0x0AC9, NET_UC_MARK},       /* Mc Mn */
    {0x0ACA, 0x0ACA, NET_UC_REFUSED},    /* Cn */
    {0x0ACB, 0x0ACD, NET_UC_MARK},       /* Mc Mn */
    {0x0ACE, 0x0ACF, NET_UC_REFUSED},    /* Cn */
    {0x0AD1, 0x0ADF, NET_UC_REFUSED},    /* Cn */
    {0x0AE2, 0x0AE3, NET_UC_MARK},       /* Mn */
    {0x0AE4, 0x0AE5, NET_UC_REFUSED},    /* Cn */
    {0x0AF2, 0x0AF8, NET_UC_REFUSED},    /* Cn */
    {0x0AFA, 0x0AFF, NET_UC_MARK},       /* Mn */
    {0x0B00, 0x0B00, NET_UC_REFUSED},    /* Cn */
    {0x0B01, 0x0B03, NET_UC_MARK},       /* Mc Mn */
    {0x0B04, 0x0B04, NET_UC_REFUSED},    /* Cn */
    {0x0B0D, 0x0B0E, NET_UC_REFUSED},    /* Cn */
    {0x0B11, 0x0B12, NET_UC_REFUSED},    /* Cn */
    {0x0B29, 0x0B29, NET_UC_REFUSED},    /* Cn */
    {0x0B31, 0x0B31, NET_UC_REFUSED},    /* Cn */
    {0x0B34, 0x0B34, NET_UC_REFUSED},    /* Cn */
    {0x0B3A, 0x0B3B, NET_UC_REFUSED},    /* Cn */
    {0x0B3C, 0x0B3C, NET_UC_MARK},       /* Mn */
    {0x0B3E, 0x0B44, NET_UC_MARK},       /* Mc Mn */
    {0x0B45, 0x0B46, NET_UC_REFUSED},    /* Cn */
    {0x0B47, 0x0B48, NET_UC_MARK},       /* Mc */
    {0x0B49, 0x0B4A, NET_UC_REFUSED},    /* Cn */
    {0x0B4B, 0x0B4D, NET_UC_MARK},       /* Mc Mn */
    {0x0B4E, 0x0B54, NET_UC_REFUSED},    /* Cn */
    {0x0B55, 0x0B57, NET_UC_MARK},       /* Mc Mn */
    {0x0B58, 0x0B5B, NET_UC_REFUSED},    /* Cn */
    {0x0B5E, 0x0B5E, NET_UC_REFUSED},    /* Cn */
    {0x0B62, 0x0B63, NET_UC_MARK},       /* Mn */
    {0x0B64, 0x0B65, NET_UC_REFUSED},    /* Cn */
    {0x0B78, 0x0B81, NET_UC_REFUSED},    /* Cn */
    {0x0B82, 0x0B82, NET_UC_MARK},       /* Mn */
    {0x0B84, 0x0B84, NET_UC_REFUSED},    /* Cn */
    {0x0B8B, 0x0B8D, NET_UC_REFUSED},    /* Cn */
    {0x0B91, 0x0B91, NET_UC_REFUSED},    /* Cn */
    {0x0B96, 0x0B98, NET_UC_REFUSED},    /* Cn */
    {0x0B9B, 0x0B9B, NET_UC_REFUSED},    /* Cn */
    {0x0B9D, 0x0B9D, NET_UC_REFUSED},    /* Cn */
    {0x0BA0, 0x0BA2, NET_UC_REFUSED},    /* Cn */
    {0x0BA5, 0x0BA7, NET_UC_REFUSED},    /* Cn */
    {0x0BAB, 0x0BAD, NET_UC_REFUSED},    /* Cn */
    {0x0BBA, 0x0BBD, NET_UC_REFUSED},    /* Cn */
    {0x0BBE, 0x0BC2, NET_UC_MARK},       /* Mc Mn */
    {0x0BC3, 0x0BC5, NET_UC_REFUSED},    /* Cn */
    {0x0BC6, 0x0BC8, NET_UC_MARK},       /* Mc */
    {0x0BC9, 0x0BC9, NET_UC_REFUSED},    /* Cn */
    {0x0BCA, 0x0BCD, NET_UC_MARK},       /* Mc Mn */
    {0x0BCE, 0x0BCF, NET_UC_REFUSED},    /* Cn */
    {0x0BD1, 0x0BD6, NET_UC_REFUSED},    /* Cn */
    {0x0BD7, 0x0BD7, NET_UC_MARK},       /* Mc */
    {0x0BD8, 0x0BE5, NET_UC_REFUSED},    /* Cn */
    {0x0BFB, 0x0BFF, NET_UC_REFUSED},    /* Cn */
    {0x0C00, 0x0C04, NET_UC_MARK},       /* Mc Mn */
    {0x0C0D, 0x0C0D, NET_UC_REFUSED},    /* Cn */
    {0x0C11, 0x0C11, NET_UC_REFUSED},    /* Cn */
    {0x0C29, 0x0C29, NET_UC_REFUSED},    /* Cn */
    {0x0C3A, 0x0C3B, NET_UC_REFUSED},    /* Cn */
    {0x0C3C, 0x0C3C, NET_UC_MARK},       /* Mn */
    {0x0C3E, 0x0C44, NET_UC_MARK},       /* Mc Mn */
    {0x0C45, 0x0C45, NET_UC_REFUSED},    /* Cn */
    {0x0C46, 0x0C48, NET_UC_MARK},       /* Mn */
    {0x0C49, 0x0C49, NET_UC_REFUSED},    /* Cn */
    {0x0C4A, 0x0C4D, NET_UC_MARK},       /* Mn */
    {0x0C4E, 0x0C54, NET_UC_REFUSED},    /* Cn */
    {0x0C55, 0x0C56, NET_UC_MARK},       /* Mn */
    {0x0C57, 0x0C57, NET_UC_REFUSED},    /* Cn */
    {0x0C5B, 0x0C5C, NET_UC_REFUSED},    /* Cn */
    {0x0C5E, 0x0C5F, NET_UC_REFUSED},    /* Cn */
    {0x0C62, 0x0C63, NET_UC_MARK},       /* Mn */
    {0x0C64, 0x0C65, NET_UC_REFUSED},    /* Cn */
    {0x0C70, 0x0C76, NET_UC_REFUSED},    /* Cn */
    {0x0C81, 0x0C83, NET_UC_MARK},       /* Mc Mn */
    {0x0C8D, 0x0C8D, NET_UC_REFUSED},    /* Cn */
    {0x0C91, 0x0C91, NET_UC_REFUSED},    /* Cn */
    {0x0CA9, 0x0CA9, NET_UC_REFUSED},    /* Cn */
    {0x0CB4, 0x0CB4, NET_UC_REFUSED},    /* Cn */
    {0x0CBA, 0x0CBB, NET_UC_REFUSED},    /* Cn */
    {0x0CBC, 0x0CBC, NET_UC_MARK},       /* Mn */
    {0x0CBE, 0x0CC4, NET_UC_MARK},       /* Mc Mn */
    {0x0CC5, 0x0CC5, NET_UC_REFUSED},    /* Cn */
    {0x0CC6, 0x0CC8, NET_UC_MARK},       /* Mc Mn */
    {0x0CC9, 0x0CC9, NET_UC_REFUSED},    /* Cn */
    {0x0CCA, 0x0CCD, NET_UC_MARK},       /* Mc Mn */
    {0x0CCE, 0x0CD4, NET_UC_REFUSED},    /* Cn */
    {0x0CD5, 0x0CD6, NET_UC_MARK},       /* Mc */
    {0x0CD7, 0x0CDC, NET_UC_REFUSED},    /* Cn */
    {0x0CDF, 0x0CDF, NET_UC_REFUSED},    /* Cn */
    {0x0CE2, 0x0CE3, NET_UC_MARK},       /* Mn */
    {0x0CE4, 0x0CE5, NET_UC_REFUSED},    /* Cn */
    {0x0CF0, 0x0CF0, NET_UC_REFUSED},    /* Cn */
    {0x0CF3, 0x0CFF, NET_UC_REFUSED},    /* Cn */
    {0x0D00, 0x0D03, NET_UC_MARK},       /* Mc Mn */
    {0x0D0D, 0x0D0D, NET_UC_REFUSED},    /* Cn */
    {0x0D11, 0x0D11, NET_UC_REFUSED},    /* Cn */
    {0x0D3B, 0x0D3C, NET_UC_MARK},       /* Mn */
    {0x0D3E, 0x0D44, NET_UC_MARK},       /* Mc Mn */
    {0x0D45, 0x0D45, NET_UC_REFUSED},    /* Cn */
    {0x0D46, 0x0D48, NET_UC_MARK},       /* Mc */
    {0x0D49, 0x0D49, NET_UC_REFUSED},    /* Cn */
    {0x0D4A, 0x0D4D, NET_UC_MARK},       /* Mc Mn */
    {0x0D50, 0x0D53, NET_UC_REFUSED},    /* Cn */
    {0x0D57, 0x0D57, NET_UC_MARK},       /* Mc */
    {0x0D62, 0x0D63, NET_UC_MARK},       /* Mn */
    {0x0D64, 0x0D65, NET_UC_REFUSED},    /* Cn */
    {0x0D80, 0x0D80, NET_UC_REFUSED},    /* Cn */
    {0x0D81, 0x0D83, NET_UC_MARK},       /* Mc Mn */
    {0x0D84, 0x0D84, NET_UC_REFUSED},    /* Cn */
    {0x0D97, 0x0D99, NET_UC_REFUSED},    /* Cn */
    {0x0DB2, 0x0DB2, NET_UC_REFUSED},    /* Cn */
    {0x0DBC, 0x0DBC, NET_UC_REFUSED},    /* Cn */
    {0x0DBE, 0x0DBF, NET_UC_REFUSED},    /* Cn */
    {0x0DC7, 0x0DC9, NET_UC_REFUSED},    /* Cn */
    {0x0DCA, 0x0DCA, NET_UC_MARK},       /* Mn */
    {0x0DCB, 0x0DCE, NET_UC_REFUSED},    /* Cn */
    {0x0DCF, 0x0DD4, NET_UC_MARK},       /* Mc Mn */
    {0x0DD5, 0x0DD5, NET_UC_REFUSED},    /* Cn */
    {0x0DD6, 0x0DD6, NET_UC_MARK},       /* Mn */
    {0x0DD7, 0x0DD7, NET_UC_REFUSED},    /* Cn */
    {0x0DD8, 0x0DDF, NET_UC_MARK},       /* Mc */
    {0x0DE0, 0x0DE5, NET_UC_REFUSED},    /* Cn */
    {0x0DF0, 0x0DF1, NET_UC_REFUSED},    /* Cn */
    {0x0DF2, 0x0DF3, NET_UC_MARK},       /* Mc */
    {0x0DF5, 0x0E00, NET_UC_REFUSED},    /* Cn */
    {0x0E31, 0x0E31, NET_UC_MARK},       /* Mn */
    {0x0E34, 0x0E3A, NET_UC_MARK},       /* Mn */
    {0x0E3B, 0x0E3E, NET_UC_REFUSED},    /* Cn */
    {0x0E47, 0x0E4E, NET_UC_MARK},       /* Mn */
    {0x0E5C, 0x0E80, NET_UC_REFUSED},    /* Cn */
    {0x0E83, 0x0E83, NET_UC_REFUSED},    /* Cn */
    {0x0E85, 0x0E85, NET_UC_REFUSED},    /* Cn */
    {0x0E8B, 0x0E8B, NET_UC_REFUSED},    /* Cn */
    {0x0EA4, 0x0EA4, NET_UC_REFUSED},    /* Cn */
    {0x0EA6, 0x0EA6, NET_UC_REFUSED},    /* Cn */
    {0x0EB1, 0x0EB1, NET_UC_MARK},       /* Mn */
    {0x0EB4, 0x0EBC, NET_UC_MARK},       /* Mn */
    {0x0EBE, 0x0EBF, NET_UC_REFUSED},    /* Cn */
    {0x0EC5, 0x0EC5, NET_UC_REFUSED},    /* Cn */
    {0x0EC7, 0x0EC7, NET_UC_REFUSED},    /* Cn */
    {0x0EC8, 0x0ECD, NET_UC_MARK},       /* Mn */
    {0x0ECE, 0x0ECF, NET_UC_REFUSED},    /* Cn */
    {0x0EDA, 0x0EDB, NET_UC_REFUSED},    /* Cn */
    {0x0EE0, 0x0EFF, NET_UC_REFUSED},    /* Cn */
    {0x0F18, 0x0F19, NET_UC_MARK},       /* Mn */
    {0x0F35, 0x0F35, NET_UC_MARK},       /* Mn */
    {0x0F37, 0x0F37, NET_UC_MARK},       /* Mn */
    {0x0F39, 0x0F39, NET_UC_MARK},       /* Mn */
    {0x0F3E, 0x0F3F, NET_UC_MARK},       /* Mc */
    {0x0F48, 0x0F48, NET_UC_REFUSED},    /* Cn */
    {0x0F6D, 0x0F70, NET_UC_REFUSED},    /* Cn */
    {0x0F71, 0x0F84, NET_UC_MARK},       /* Mc Mn */
    {0x0F86, 0x0F87, NET_UC_MARK},       /* Mn */
    {0x0F8D, 0x0F97, NET_UC_MARK},       /* Mn */
    {0x0F98, 0x0F98, NET_UC_REFUSED},    /* Cn */
    {0x0F99, 0x0FBC, NET_UC_MARK},       /* Mn */
    {0x0FBD, 0x0FBD, NET_UC_REFUSED},    /* Cn */
    {0x0FC6, 0x0FC6, NET_UC_MARK},       /* Mn */
    {0x0FCD, 0x0FCD, NET_UC_REFUSED},    /* Cn */
    {0x0FDB, 0x0FFF, NET_UC_REFUSED},    /* Cn */
    {0x102B, 0x103E, NET_UC_MARK},       /* Mc Mn */
    {0x1056, 0x1059, NET_UC_MARK},       /* Mc Mn */
    {0x105E, 0x1060, NET_UC_MARK},       /* Mn */
    {0x1062, 0x1064, NET_UC_MARK},       /* Mc */
    {0x1067, 0x106D, NET_UC_MARK},       /* Mc */
    {0x1071, 0x1074, NET_UC_MARK},       /* Mn */
    {0x1082, 0x108D, NET_UC_MARK},       /* Mc Mn */
    {0x108F, 0x108F, NET_UC_MARK},       /* Mc */
    {0x109A, 0x109D, NET_UC_MARK},       /* Mc Mn */
    {0x10C6, 0x10C6, NET_UC_REFUSED},    /* Cn */
    {0x10C8, 0x10CC, NET_UC_REFUSED},    /* Cn */
    {0x10CE, 0x10CF, NET_UC_REFUSED},    /* Cn */
    {0x115F, 0x1160, NET_UC_REFUSED},    /* Lo */
    {0x1249, 0x1249, NET_UC_REFUSED},    /* Cn */
    {0x124E, 0x124F, NET_UC_REFUSED},    /* Cn */
    {0x1257, 0x1257, NET_UC_REFUSED},    /* Cn */
    {0x1259, 0x1259, NET_UC_REFUSED},    /* Cn */
    {0x125E, 0x125F, NET_UC_REFUSED},    /* Cn */
    {0x1289, 0x1289, NET_UC_REFUSED},    /* Cn */
    {0x128E, 0x128F, NET_UC_REFUSED},    /* Cn */
    {0x12B1, 0x12B1, NET_UC_REFUSED},    /* Cn */
    {0x12B6, 0x12B7, NET_UC_REFUSED},    /* Cn */
    {0x12BF, 0x12BF, NET_UC_REFUSED},    /* Cn */
    {0x12C1, 0x12C1, NET_UC_REFUSED},    /* Cn */
    {0x12C6, 0x12C7, NET_UC_REFUSED},    /* Cn */
    {0x12D7, 0x12D7, NET_UC_REFUSED},    /* Cn */
    {0x1311, 0x1311, NET_UC_REFUSED},    /* Cn */
    {0x1316, 0x1317, NET_UC_REFUSED},    /* Cn */
    {0x135B, 0x135C, NET_UC_REFUSED},    /* Cn */
    {0x135D, 0x135F, NET_UC_MARK},       /* Mn */
    {0x137D, 0x137F, NET_UC_REFUSED},    /* Cn */
    {0x139A, 0x139F, NET_UC_REFUSED},    /* Cn */
    {0x13F6, 0x13F7, NET_UC_REFUSED},    /* Cn */
    {0x13FE, 0x13FF, NET_UC_REFUSED},    /* Cn */
    {0x1680, 0x1680, NET_UC_SPACE},      /* Zs */
    {0x169D, 0x169F, NET_UC_REFUSED},    /* Cn */
    {0x16F9, 0x16FF, NET_UC_REFUSED},    /* Cn */
    {0x1712, 0x1715, NET_UC_MARK},       /* Mc Mn */
    {0x1716, 0x171E, NET_UC_REFUSED},    /* Cn */
    {0x1732, 0x1734, NET_UC_MARK},       /* Mc Mn */
    {0x1737, 0x173F, NET_UC_REFUSED},    /* Cn */
    {0x1752, 0x1753, NET_UC_MARK},       /* Mn */
    {0x1754, 0x175F, NET_UC_REFUSED},    /* Cn */
    {0x176D, 0x176D, NET_UC_REFUSED},    /* Cn */
    {0x1771, 0x1771, NET_UC_REFUSED},    /* Cn */
    {0x1772, 0x1773, NET_UC_MARK},       /* Mn */
    {0x1774, 0x177F, NET_UC_REFUSED},    /* Cn */
    {0x17B4, 0x17B5, NET_UC_REFUSED},    /* Mn */
    {0x17B6, 0x17D3, NET_UC_MARK},       /* Mc Mn */
    {0x17DD, 0x17DD, NET_UC_MARK},       /* Mn */
    {0x17DE, 0x17DF, NET_UC_REFUSED},    /* Cn */
    {0x17EA, 0x17EF, NET_UC_REFUSED},    /* Cn */
    {0x17FA, 0x17FF, NET_UC_REFUSED},    /* Cn */
    {0x180B, 0x180D, NET_UC_SELECTOR},   /* Mn */
    {0x180E, 0x180E, NET_UC_REFUSED},    /* Cf */
    {0x180F, 0x180F, NET_UC_SELECTOR},   /* Mn */
    {0x181A, 0x181F, NET_UC_REFUSED},    /* Cn */
    {0x1879, 0x187F, NET_UC_REFUSED},    /* Cn */
    {0x1885, 0x1886, NET_UC_MARK},       /* Mn */
    {0x18A9, 0x18A9, NET_UC_MARK},       /* Mn */
    {0x18AB, 0x18AF, NET_UC_REFUSED},    /* Cn */
    {0x18F6, 0x18FF, NET_UC_REFUSED},    /* Cn */
    {0x191F, 0x191F, NET_UC_REFUSED},    /* Cn */
    {0x1920, 0x192B, NET_UC_MARK},       /* Mc Mn */
    {0x192C, 0x192F, NET_UC_REFUSED},    /* Cn */
    {0x1930, 0x193B, NET_UC_MARK},       /* Mc Mn */
    {0x193C, 0x193F, NET_UC_REFUSED},    /* Cn */
    {0x1941, 0x1943, NET_UC_REFUSED},    /* Cn */
    {0x196E, 0x196F, NET_UC_REFUSED},    /* Cn */
    {0x1975, 0x197F, NET_UC_REFUSED},    /* Cn */
    {0x19AC, 0x19AF, NET_UC_REFUSED},    /* Cn */
    {0x19CA, 0x19CF, NET_UC_REFUSED},    /* Cn */
    {0x19DB, 0x19DD, NET_UC_REFUSED},    /* Cn */
    {0x1A17, 0x1A1B, NET_UC_MARK},       /* Mc Mn */
    {0x1A1C, 0x1A1D, NET_UC_REFUSED},    /* Cn */
    {0x1A55, 0x1A5E, NET_UC_MARK},       /* Mc Mn */
    {0x1A5F, 0x1A5F, NET_UC_REFUSED},    /* Cn */
    {0x1A60, 0x1A7C, NET_UC_MARK},       /* Mc Mn */
    {0x1A7D, 0x1A7E, NET_UC_REFUSED},    /* Cn */
    {0x1A7F, 0x1A7F, NET_UC_MARK},       /* Mn */
    {0x1A8A, 0x1A8F, NET_UC_REFUSED},    /* Cn */
    {0x1A9A, 0x1A9F, NET_UC_REFUSED},    /* Cn */
    {0x1AAE, 0x1AAF, NET_UC_REFUSED},    /* Cn */
    {0x1AB0, 0x1ACE, NET_UC_MARK},       /* Me Mn */
    {0x1ACF, 0x1AFF, NET_UC_REFUSED},    /* Cn */
    {0x1B00, 0x1B04, NET_UC_MARK},       /* Mc Mn */
    {0x1B34, 0x1B44, NET_UC_MARK},       /* Mc Mn */
    {0x1B4D, 0x1B4F, NET_UC_REFUSED},    /* Cn */
    {0x1B6B, 0x1B73, NET_UC_MARK},       /* Mn */
    {0x1B7F, 0x1B7F, NET_UC_REFUSED},    /* Cn */
    {0x1B80, 0x1B82, NET_UC_MARK},       /* Mc Mn */
    {0x1BA1, 0x1BAD, NET_UC_MARK},       /* Mc Mn */
    {0x1BE6, 0x1BF3, NET_UC_MARK},       /* Mc Mn */
    {0x1BF4, 0x1BFB, NET_UC_REFUSED},    /* Cn */
    {0x1C24, 0x1C37, NET_UC_MARK},       /* Mc Mn */
    {0x1C38, 0x1C3A, NET_UC_REFUSED},    /* Cn */
    {0x1C4A, 0x1C4C, NET_UC_REFUSED},    /* Cn */
    {0x1C89, 0x1C8F, NET_UC_REFUSED},    /* Cn */
    {0x1CBB, 0x1CBC, NET_UC_REFUSED},    /* Cn */
    {0x1CC8, 0x1CCF, NET_UC_REFUSED},    /* Cn */
    {0x1CD0, 0x1CD2, NET_UC_MARK},       /* Mn */
    {0x1CD4, 0x1CE8, NET_UC_MARK},       /* Mc Mn */
    {0x1CED, 0x1CED, NET_UC_MARK},       /* Mn */
    {0x1CF4, 0x1CF4, NET_UC_MARK},       /* Mn */
    {0x1CF7, 0x1CF9, NET_UC_MARK},       /* Mc Mn */
    {0x1CFB, 0x1CFF, NET_UC_REFUSED},    /* Cn */
    {0x1DC0, 0x1DFF, NET_UC_MARK},       /* Mn */
    {0x1F16, 0x1F17, NET_UC_REFUSED},    /* Cn */
    {0x1F1E, 0x1F1F, NET_UC_REFUSED},    /* Cn */
    {0x1F46, 0x1F47, NET_UC_REFUSED},    /* Cn */
    {0x1F4E, 0x1F4F, NET_UC_REFUSED},    /* Cn */
    {0x1F58, 0x1F58, NET_UC_REFUSED},    /* Cn */
    {0x1F5A, 0x1F5A, NET_UC_REFUSED},    /* Cn */
    {0x1F5C, 0x1F5C, NET_UC_REFUSED},    /* Cn */
    {0x1F5E, 0x1F5E, NET_UC_REFUSED},    /* Cn */
    {0x1F7E, 0x1F7F, NET_UC_REFUSED},    /* Cn */
    {0x1FB5, 0x1FB5, NET_UC_REFUSED},    /* Cn */
    {0x1FC5, 0x1FC5, NET_UC_REFUSED},    /* Cn */
    {0x1FD4, 0x1FD5, NET_UC_REFUSED},    /* Cn */
    {0x1FDC, 0x1FDC, NET_UC_REFUSED},    /* Cn */
    {0x1FF0, 0x1FF1, NET_UC_REFUSED},    /* Cn */
    {0x1FF5, 0x1FF5, NET_UC_REFUSED},    /* Cn */
    {0x1FFF, 0x1FFF, NET_UC_REFUSED},    /* Cn */
    {0x2000, 0x200A, NET_UC_SPACE},      /* Zs */
    {0x200B, 0x200F, NET_UC_REFUSED},    /* Cf */
    {0x2028, 0x202E, NET_UC_REFUSED},    /* Cf Zl Zp */
    {0x202F, 0x202F, NET_UC_SPACE},      /* Zs */
    {0x205F, 0x205F, NET_UC_SPACE},      /* Zs */
    {0x2060, 0x206F, NET_UC_REFUSED},    /* Cf Cn */
    {0x2072, 0x2073, NET_UC_REFUSED},    /* Cn */
    {0x208F, 0x208F, NET_UC_REFUSED},    /* Cn */
    {0x209D, 0x209F, NET_UC_REFUSED},    /* Cn */
    {0x20C1, 0x20CF, NET_UC_REFUSED},    /* Cn */
    {0x20D0, 0x20F0, NET_UC_MARK},       /* Me Mn */
    {0x20F1, 0x20FF, NET_UC_REFUSED},    /* Cn */
    {0x218C, 0x218F, NET_UC_REFUSED},    /* Cn */
    {0x2427, 0x243F, NET_UC_REFUSED},    /* Cn */
    {0x244B, 0x245F, NET_UC_REFUSED},    /* Cn */
    {0x2800, 0x2800, NET_UC_SPACE},      /* So */
    {0x2B74, 0x2B75, NET_UC_REFUSED},    /* Cn */
    {0x2B96, 0x2B96, NET_UC_REFUSED},    /* Cn */
    {0x2CEF, 0x2CF1, NET_UC_MARK},       /* Mn */
    {0x2CF4, 0x2CF8, NET_UC_REFUSED},    /* Cn */
    {0x2D26, 0x2D26, NET_UC_REFUSED},    /* Cn */
    {0x2D28, 0x2D2C, NET_UC_REFUSED},    /* Cn */
    {0x2D2E, 0x2D2F, NET_UC_REFUSED},    /* Cn */
    {0x2D68, 0x2D6E, NET_UC_REFUSED},    /* Cn */
    {0x2D71, 0x2D7E, NET_UC_REFUSED},    /* Cn */
    {0x2D7F, 0x2D7F, NET_UC_MARK},       /* Mn */
    {0x2D97, 0x2D9F, NET_UC_REFUSED},    /* Cn */
    {0x2DA7, 0x2DA7, NET_UC_REFUSED},    /* Cn */
    {0x2DAF, 0x2DAF, NET_UC_REFUSED},    /* Cn */
    {0x2DB7, 0x2DB7, NET_UC_REFUSED},    /* Cn */
    {0x2DBF, 0x2DBF, NET_UC_REFUSED},    /* Cn */
    {0x2DC7, 0x2DC7, NET_UC_REFUSED},    /* Cn */
    {0x2DCF, 0x2DCF, NET_UC_REFUSED},    /* Cn */
    {0x2DD7, 0x2DD7, NET_UC_REFUSED},    /* Cn */
    {0x2DDF, 0x2DDF, NET_UC_REFUSED},    /* Cn */
    {0x2DE0, 0x2DFF, NET_UC_MARK},       /* Mn */
    {0x2E5E, 0x2E7F, NET_UC_REFUSED},    /* Cn */
    {0x2E9A, 0x2E9A, NET_UC_REFUSED},    /* Cn */
    {0x2EF4, 0x2EFF, NET_UC_REFUSED},    /* Cn */
    {0x2FD6, 0x2FEF, NET_UC_REFUSED},    /* Cn */
    {0x2FFC, 0x2FFF, NET_UC_REFUSED},    /* Cn */
    {0x3000, 0x3000, NET_UC_SPACE},      /* Zs */
    {0x302A, 0x302F, NET_UC_MARK},       /* Mc Mn */
    {0x3040, 0x3040, NET_UC_REFUSED},    /* Cn */
    {0x3097, 0x3098, NET_UC_REFUSED},    /* Cn */
    {0x3099, 0x309A, NET_UC_MARK},       /* Mn */
    {0x3100, 0x3104, NET_UC_REFUSED},    /* Cn */
    {0x3130, 0x3130, NET_UC_REFUSED},    /* Cn */
    {0x3164, 0x3164, NET_UC_REFUSED},    /* Lo */
    {0x318F, 0x318F, NET_UC_REFUSED},    /* Cn */
    {0x31E4, 0x31EF, NET_UC_REFUSED},    /* Cn */
    {0x321F, 0x321F, NET_UC_REFUSED},    /* Cn */
    {0xA48D, 0xA48F, NET_UC_REFUSED},    /* Cn */
    {0xA4C7, 0xA4CF, NET_UC_REFUSED},    /* Cn */
    {0xA62C, 0xA63F, NET_UC_REFUSED},    /* Cn */
    {0xA66F, 0xA672, NET_UC_MARK},       /* Me Mn */
    {0xA674, 0xA67D, NET_UC_MARK},       /* Mn */
    {0xA69E, 0xA69F, NET_UC_MARK},       /* Mn */
    {0xA6F0, 0xA6F1, NET_UC_MARK},       /* Mn */
    {0xA6F8, 0xA6FF, NET_UC_REFUSED},    /* Cn */
    {0xA7CB, 0xA7CF, NET_UC_REFUSED},    /* Cn */
    {0xA7D2, 0xA7D2, NET_UC_REFUSED},    /* Cn */
    {0xA7D4, 0xA7D4, NET_UC_REFUSED},    /* Cn */
    {0xA7DA, 0xA7F1, NET_UC_REFUSED},    /* Cn */
    {0xA802, 0xA802, NET_UC_MARK},       /* Mn */
    {0xA806, 0xA806, NET_UC_MARK},       /* Mn */
    {0xA80B, 0xA80B, NET_UC_MARK},       /* Mn */
    {0xA823, 0xA827, NET_UC_MARK},       /* Mc Mn */
    {0xA82C, 0xA82C, NET_UC_MARK},       /* Mn */
    {0xA82D, 0xA82F, NET_UC_REFUSED},    /* Cn */
    {0xA83A, 0xA83F, NET_UC_REFUSED},    /* Cn */
    {0xA878, 0xA87F, NET_UC_REFUSED},    /* Cn */
    {0xA880, 0xA881, NET_UC_MARK},       /* Mc */
    {0xA8B4, 0xA8C5, NET_UC_MARK},       /* Mc Mn */
    {0xA8C6, 0xA8CD, NET_UC_REFUSED},    /* Cn */
    {0xA8DA, 0xA8DF, NET_UC_REFUSED},    /* Cn */
    {0xA8E0, 0xA8F1, NET_UC_MARK},       /* Mn */
    {0xA8FF, 0xA8FF, NET_UC_MARK},       /* Mn */
    {0xA926, 0xA92D, NET_UC_MARK},       /* Mn */
    {0xA947, 0xA953, NET_UC_MARK},       /* Mc Mn */
    {0xA954, 0xA95E, NET_UC_REFUSED},    /* Cn */
    {0xA97D, 0xA97F, NET_UC_REFUSED},    /* Cn */
    {0xA980, 0xA983, NET_UC_MARK},       /* Mc Mn */
    {0xA9B3, 0xA9C0, NET_UC_MARK},       /* Mc Mn */
    {0xA9CE, 0xA9CE, NET_UC_REFUSED},    /* Cn */
    {0xA9DA, 0xA9DD, NET_UC_REFUSED},    /* Cn */
    {0xA9E5, 0xA9E5, NET_UC_MARK},       /* Mn */
    {0xA9FF, 0xA9FF, NET_UC_REFUSED},    /* Cn */
    {0xAA29, 0xAA36, NET_UC_MARK},       /* Mc Mn */
    {0xAA37, 0xAA3F, NET_UC_REFUSED},    /* Cn */
    {0xAA43, 0xAA43, NET_UC_MARK},       /* Mn */
    {0xAA4C, 0xAA4D, NET_UC_MARK},       /* Mc Mn */
    {0xAA4E, 0xAA4F, NET_UC_REFUSED},    /* Cn */
    {0xAA5A, 0xAA5B, NET_UC_REFUSED},    /* Cn */
    {0xAA7B, 0xAA7D, NET_UC_MARK},       /* Mc Mn */
    {0xAAB0, 0xAAB0, NET_UC_MARK},       /* Mn */
    {0xAAB2, 0xAAB4, NET_UC_MARK},       /* Mn */
    {0xAAB7, 0xAAB8, NET_UC_MARK},       /* Mn */
    {0xAABE, 0xAABF, NET_UC_MARK},       /* Mn */
    {0xAAC1, 0xAAC1, NET_UC_MARK},       /* Mn */
    {0xAAC3, 0xAADA, NET_UC_REFUSED},    /* Cn */
    {0xAAEB, 0xAAEF, NET_UC_MARK},       /* Mc Mn */
    {0xAAF5, 0xAAF6, NET_UC_MARK},       /* Mc Mn */
    {0xAAF7, 0xAB00, NET_UC_REFUSED},    /* Cn */
    {0xAB07, 0xAB08, NET_UC_REFUSED},    /* Cn */
    {0xAB0F, 0xAB10, NET_UC_REFUSED},    /* Cn */
    {0xAB17, 0xAB1F, NET_UC_REFUSED},    /* Cn */
    {0xAB27, 0xAB27, NET_UC_REFUSED},    /* Cn */
    {0xAB2F, 0xAB2F, NET_UC_REFUSED},    /* Cn */
    {0xAB6C, 0xAB6F, NET_UC_REFUSED},    /* Cn */
    {0xABE3, 0xABEA, NET_UC_MARK},       /* Mc Mn */
    {0xABEC, 0xABED, NET_UC_MARK},       /* Mc Mn */
    {0xABEE, 0xABEF, NET_UC_REFUSED},    /* Cn */
    {0xABFA, 0xABFF, NET_UC_REFUSED},    /* Cn */
    {0xD7A4, 0xD7AF, NET_UC_REFUSED},    /* Cn */
    {0xD7C7, 0xD7CA, NET_UC_REFUSED},    /* Cn */
    {0xD7FC, 0xF8FF, NET_UC_REFUSED},    /* Cn Co Cs */
    {0xFA6E, 0xFA6F, NET_UC_REFUSED},    /* Cn */
    {0xFADA, 0xFAFF, NET_UC_REFUSED},    /* Cn */
    {0xFB07, 0xFB12, NET_UC_REFUSED},    /* Cn */
    {0xFB18, 0xFB1C, NET_UC_REFUSED},    /* Cn */
    {0xFB1E, 0xFB1E, NET_UC_MARK},       /* Mn */
    {0xFB37, 0xFB37, NET_UC_REFUSED},    /* Cn */
    {0xFB3D, 0xFB3D, NET_UC_REFUSED},    /* Cn */
    {0xFB3F, 0xFB3F, NET_UC_REFUSED},    /* Cn */
    {0xFB42, 0xFB42, NET_UC_REFUSED},    /* Cn */
    {0xFB45, 0xFB45, NET_UC_REFUSED},    /* Cn */
    {0xFBC3, 0xFBD2, NET_UC_REFUSED},    /* Cn */
    {0xFD90, 0xFD91, NET_UC_REFUSED},    /* Cn */
    {0xFDC8, 0xFDCE, NET_UC_REFUSED},    /* Cn */
    {0xFDD0, 0xFDEF, NET_UC_REFUSED},    /* Cn */
    {0xFE00, 0xFE0F, NET_UC_SELECTOR},   /* Mn */
    {0xFE1A, 0xFE1F, NET_UC_REFUSED},    /* Cn */
    {0xFE20, 0xFE2F, NET_UC_MARK},       /* Mn */
    {0xFE53, 0xFE53, NET_UC_REFUSED},    /* Cn */
    {0xFE67, 0xFE67, NET_UC_REFUSED},    /* Cn */
    {0xFE6C, 0xFE6F, NET_UC_REFUSED},    /* Cn */
    {0xFE75, 0xFE75, NET_UC_REFUSED},    /* Cn */
    {0xFEFD, 0xFF00, NET_UC_REFUSED},    /* Cf Cn */
    {0xFFA0, 0xFFA0, NET_UC_REFUSED},    /* Lo */
    {0xFFBF, 0xFFC1, NET_UC_REFUSED},    /* Cn */
    {0xFFC8, 0xFFC9, NET_UC_REFUSED},    /* Cn */
    {0xFFD0, 0xFFD1, NET_UC_REFUSED},    /* Cn */
    {0xFFD8, 0xFFD9, NET_UC_REFUSED},    /* Cn */
    {0xFFDD, 0xFFDF, NET_UC_REFUSED},    /* Cn */
    {0xFFE7, 0xFFE7, NET_UC_REFUSED},    /* Cn */
    {0xFFEF, 0xFFFB, NET_UC_REFUSED},    /* Cf Cn */
    {0xFFFE, 0xFFFF, NET_UC_REFUSED},    /* Cn */
    {0x1000C, 0x1000C, NET_UC_REFUSED},  /* Cn */
    {0x10027, 0x10027, NET_UC_REFUSED},  /* Cn */
    {0x1003B, 0x1003B, NET_UC_REFUSED},  /* Cn */
    {0x1003E, 0x1003E, NET_UC_REFUSED},  /* Cn */
    {0x1004E, 0x1004F, NET_UC_REFUSED},  /* Cn */
    {0x1005E, 0x1007F, NET_UC_REFUSED},  /* Cn */
    {0x100FB, 0x100FF, NET_UC_REFUSED},  /* Cn */
    {0x10103, 0x10106, NET_UC_REFUSED},  /* Cn */
    {0x10134, 0x10136, NET_UC_REFUSED},  /* Cn */
    {0x1018F, 0x1018F, NET_UC_REFUSED},  /* Cn */
    {0x1019D, 0x1019F, NET_UC_REFUSED},  /* Cn */
    {0x101A1, 0x101CF, NET_UC_REFUSED},  /* Cn */
    {0x101FD, 0x101FD, NET_UC_MARK},     /* Mn */
    {0x101FE, 0x1027F, NET_UC_REFUSED},  /* Cn */
    {0x1029D, 0x1029F, NET_UC_REFUSED},  /* Cn */
    {0x102D1, 0x102DF, NET_UC_REFUSED},  /* Cn */
    {0x102E0, 0x102E0, NET_UC_MARK},     /* Mn */
    {0x102FC, 0x102FF, NET_UC_REFUSED},  /* Cn */
    {0x10324, 0x1032C, NET_UC_REFUSED},  /* Cn */
    {0x1034B, 0x1034F, NET_UC_REFUSED},  /* Cn */
    {0x10376, 0x1037A, NET_UC_MARK},     /* Mn */
    {0x1037B, 0x1037F, NET_UC_REFUSED},  /* Cn */
    {0x1039E, 0x1039E, NET_UC_REFUSED},  /* Cn */
    {0x103C4, 0x103C7, NET_UC_REFUSED},  /* Cn */
    {0x103D6, 0x103FF, NET_UC_REFUSED},  /* Cn */
    {0x1049E, 0x1049F, NET_UC_REFUSED},  /* Cn */
    {0x104AA, 0x104AF, NET_UC_REFUSED},  /* Cn */
    {0x104D4, 0x104D7, NET_UC_REFUSED},  /* Cn */
    {0x104FC, 0x104FF, NET_UC_REFUSED},  /* Cn */
    {0x10528, 0x1052F, NET_UC_REFUSED},  /* Cn */
    {0x10564, 0x1056E, NET_UC_REFUSED},  /* Cn */
    {0x1057B, 0x1057B, NET_UC_REFUSED},  /* Cn */
    {0x1058B, 0x1058B, NET_UC_REFUSED},  /* Cn */
    {0x10593, 0x10593, NET_UC_REFUSED},  /* Cn */
    {0x10596, 0x10596, NET_UC_REFUSED},  /* Cn */
    {0x105A2, 0x105A2, NET_UC_REFUSED},  /* Cn */
    {0x105B2, 0x105B2, NET_UC_REFUSED},  /* Cn */
    {0x105BA, 0x105BA, NET_UC_REFUSED},  /* Cn */
    {0x105BD, 0x105FF, NET_UC_REFUSED},  /* Cn */
    {0x10737, 0x1073F, NET_UC_REFUSED},  /* Cn */
    {0x10756, 0x1075F, NET_UC_REFUSED},  /* Cn */
    {0x10768, 0x1077F, NET_UC_REFUSED},  /* Cn */
    {0x10786, 0x10786, NET_UC_REFUSED},  /* Cn */
    {0x107B1, 0x107B1, NET_UC_REFUSED},  /* Cn */
    {0x107BB, 0x107FF, NET_UC_REFUSED},  /* Cn */
    {0x10806, 0x10807, NET_UC_REFUSED},  /* Cn */
    {0x10809, 0x10809, NET_UC_REFUSED},  /* Cn */
    {0x10836, 0x10836, NET_UC_REFUSED},  /* Cn */
    {0x10839, 0x1083B, NET_UC_REFUSED},  /* Cn */
    {0x1083D, 0x1083E, NET_UC_REFUSED},  /* Cn */
    {0x10856, 0x10856, NET_UC_REFUSED},  /* Cn */
    {0x1089F, 0x108A6, NET_UC_REFUSED},  /* Cn */
    {0x108B0, 0x108DF, NET_UC_REFUSED},  /* Cn */
    {0x108F3, 0x108F3, NET_UC_REFUSED},  /* Cn */
    {0x108F6, 0x108FA, NET_UC_REFUSED},  /* Cn */
    {0x1091C, 0x1091E, NET_UC_REFUSED},  /* Cn */
    {0x1093A, 0x1093E, NET_UC_REFUSED},  /* Cn */
    {0x10940, 0x1097F, NET_UC_REFUSED},  /* Cn */
    {0x109B8, 0x109BB, NET_UC_REFUSED},  /* Cn */
    {0x109D0, 0x109D1, NET_UC_REFUSED},  /* Cn */
    {0x10A01, 0x10A03, NET_UC_MARK},     /* Mn */
    {0x10A04, 0x10A04, NET_UC_REFUSED},  /* Cn */
    {0x10A05, 0x10A06, NET_UC_MARK},     /* Mn */
    {0x10A07, 0x10A0B, NET_UC_REFUSED},  /* Cn */
    {0x10A0C, 0x10A0F, NET_UC_MARK},     /* Mn */
    {0x10A14, 0x10A14, NET_UC_REFUSED},  /* Cn */
    {0x10A18, 0x10A18, NET_UC_REFUSED},  /* Cn */
    {0x10A36, 0x10A37, NET_UC_REFUSED},  /* Cn */
    {0x10A38, 0x10A3A, NET_UC_MARK},     /* Mn */
    {0x10A3B, 0x10A3E, NET_UC_REFUSED},  /* Cn */
    {0x10A3F, 0x10A3F, NET_UC_MARK},     /* Mn */
    {0x10A49, 0x10A4F, NET_UC_REFUSED},  /* Cn */
    {0x10A59, 0x10A5F, NET_UC_REFUSED},  /* Cn */
    {0x10AA0, 0x10ABF, NET_UC_REFUSED},  /* Cn */
    {0x10AE5, 0x10AE6, NET_UC_MARK},     /* Mn */
    {0x10AE7, 0x10AEA, NET_UC_REFUSED},  /* Cn */
    {0x10AF7, 0x10AFF, NET_UC_REFUSED},  /* Cn */
    {0x10B36, 0x10B38, NET_UC_REFUSED},  /* Cn */
    {0x10B56, 0x10B57, NET_UC_REFUSED},  /* Cn */
    {0x10B73, 0x10B77, NET_UC_REFUSED},  /* Cn */
    {0x10B92, 0x10B98, NET_UC_REFUSED},  /* Cn */
    {0x10B9D, 0x10BA8, NET_UC_REFUSED},  /* Cn */
    {0x10BB0, 0x10BFF, NET_UC_REFUSED},  /* Cn */
    {0x10C49, 0x10C7F, NET_UC_REFUSED},  /* Cn */
    {0x10CB3, 0x10CBF, NET_UC_REFUSED},  /* Cn */
    {0x10CF3, 0x10CF9, NET_UC_REFUSED},  /* Cn */
    {0x10D24, 0x10D27, NET_UC_MARK},     /* Mn */
    {0x10D28, 0x10D2F, NET_UC_REFUSED},  /* Cn */
    {0x10D3A, 0x10E5F, NET_UC_REFUSED},  /* Cn */
    {0x10E7F, 0x10E7F, NET_UC_REFUSED},  /* Cn */
    {0x10EAA, 0x10EAA, NET_UC_REFUSED},  /* Cn */
    {0x10EAB, 0x10EAC, NET_UC_MARK},     /* Mn */
    {0x10EAE, 0x10EAF, NET_UC_REFUSED},  /* Cn */
    {0x10EB2, 0x10EFF, NET_UC_REFUSED},  /* Cn */
    {0x10F28, 0x10F2F, NET_UC_REFUSED},  /* Cn */
    {0x10F46, 0x10F50, NET_UC_MARK},     /* Mn */
    {0x10F5A, 0x10F6F, NET_UC_REFUSED},  /* Cn */
    {0x10F82, 0x10F85, NET_UC_MARK},     /* Mn */
    {0x10F8A, 0x10FAF, NET_UC_REFUSED},  /* Cn */
    {0x10FCC, 0x10FDF, NET_UC_REFUSED},  /* Cn */
    {0x10FF7, 0x10FFF, NET_UC_REFUSED},  /* Cn */
    {0x11000, 0x11002, NET_UC_MARK},     /* Mc Mn */
    {0x11038, 0x11046, NET_UC_MARK},     /* Mn */
    {0x1104E, 0x11051, NET_UC_REFUSED},  /* Cn */
    {0x11070, 0x11070, NET_UC_MARK},     /* Mn */
    {0x11073, 0x11074, NET_UC_MARK},     /* Mn */
    {0x11076, 0x1107E, NET_UC_REFUSED},  /* Cn */
    {0x1107F, 0x11082, NET_UC_MARK},     /* Mc Mn */
    {0x110B0, 0x110BA, NET_UC_MARK},     /* Mc Mn */
    {0x110BD, 0x110BD, NET_UC_REFUSED},  /* Cf */
    {0x110C2, 0x110C2, NET_UC_MARK},     /* Mn */
    {0x110C3, 0x110CF, NET_UC_REFUSED},  /* Cf Cn */
    {0x110E9, 0x110EF, NET_UC_REFUSED},  /* Cn */
    {0x110FA, 0x110FF, NET_UC_REFUSED},  /* Cn */
    {0x11100, 0x11102, NET_UC_MARK},     /* Mn */
    {0x11127, 0x11134, NET_UC_MARK},     /* Mc Mn */
    {0x11135, 0x11135, NET_UC_REFUSED},  /* Cn */
    {0x11145, 0x11146, NET_UC_MARK},     /* Mc */
    {0x11148, 0x1114F, NET_UC_REFUSED},  /* Cn */
    {0x11173, 0x11173, NET_UC_MARK},     /* Mn */
    {0x11177, 0x1117F, NET_UC_REFUSED},  /* Cn */
    {0x11180, 0x11182, NET_UC_MARK},     /* Mc Mn */
    {0x111B3, 0x111C0, NET_UC_MARK},     /* Mc Mn */
    {0x111C9, 0x111CC, NET_UC_MARK},     /* Mn */
    {0x111CE, 0x111CF, NET_UC_MARK},     /* Mc Mn */
    {0x111E0, 0x111E0, NET_UC_REFUSED},  /* Cn */
    {0x111F5, 0x111FF, NET_UC_REFUSED},  /* Cn */
    {0x11212, 0x11212, NET_UC_REFUSED},  /* Cn */
    {0x1122C, 0x11237, NET_UC_MARK},     /* Mc Mn */
    {0x1123E, 0x1123E, NET_UC_MARK},     /* Mn */
    {0x1123F, 0x1127F, NET_UC_REFUSED},  /* Cn */
    {0x11287, 0x11287, NET_UC_REFUSED},  /* Cn */
    {0x11289, 0x11289, NET_UC_REFUSED},  /* Cn */
    {0x1128E, 0x1128E, NET_UC_REFUSED},  /* Cn */
    {0x1129E, 0x1129E, NET_UC_REFUSED},  /* Cn */
    {0x112AA, 0x112AF, NET_UC_REFUSED},  /* Cn */
    {0x112DF, 0x112EA, NET_UC_MARK},     /* Mc Mn */
    {0x112EB, 0x112EF, NET_UC_REFUSED},  /* Cn */
    {0x112FA, 0x112FF, NET_UC_REFUSED},  /* Cn */
    {0x11300, 0x11303, NET_UC_MARK},     /* Mc Mn */
    {0x11304, 0x11304, NET_UC_REFUSED},  /* Cn */
    {0x1130D, 0x1130E, NET_UC_REFUSED},  /* Cn */
    {0x11311, 0x11312, NET_UC_REFUSED},  /* Cn */
    {0x11329, 0x11329, NET_UC_REFUSED},  /* Cn */
    {0x11331, 0x11331, NET_UC_REFUSED},  /* Cn */
    {0x11334, 0x11334, NET_UC_REFUSED},  /* Cn */
    {0x1133A, 0x1133A, NET_UC_REFUSED},  /* Cn */
    {0x1133B, 0x1133C, NET_UC_MARK},     /* Mn */
    {0x1133E, 0x11344, NET_UC_MARK},     /* Mc Mn */
    {0x11345, 0x11346, NET_UC_REFUSED},  /* Cn */
    {0x11347, 0x11348, NET_UC_MARK},     /* Mc */
    {0x11349, 0x1134A, NET_UC_REFUSED},  /* Cn */
    {0x1134B, 0x1134D, NET_UC_MARK},     /* Mc */
    {0x1134E, 0x1134F, NET_UC_REFUSED},  /* Cn */
    {0x11351, 0x11356, NET_UC_REFUSED},  /* Cn */
    {0x11357, 0x11357, NET_UC_MARK},     /* Mc */
    {0x11358, 0x1135C, NET_UC_REFUSED},  /* Cn */
    {0x11362, 0x11363, NET_UC_MARK},     /* Mc */
    {0x11364, 0x11365, NET_UC_REFUSED},  /* Cn */
    {0x11366, 0x1136C, NET_UC_MARK},     /* Mn */
    {0x1136D, 0x1136F, NET_UC_REFUSED},  /* Cn */
    {0x11370, 0x11374, NET_UC_MARK},     /* Mn */
    {0x11375, 0x113FF, NET_UC_REFUSED},  /* Cn */
    {0x11435, 0x11446, NET_UC_MARK},     /* Mc Mn */
    {0x1145C, 0x1145C, NET_UC_REFUSED},  /* Cn */
    {0x1145E, 0x1145E, NET_UC_MARK},     /* Mn */
    {0x11462, 0x1147F, NET_UC_REFUSED},  /* Cn */
    {0x114B0, 0x114C3, NET_UC_MARK},     /* Mc Mn */
    {0x114C8, 0x114CF, NET_UC_REFUSED},  /* Cn */
    {0x114DA, 0x1157F, NET_UC_REFUSED},  /* Cn */
    {0x115AF, 0x115B5, NET_UC_MARK},     /* Mc Mn */
    {0x115B6, 0x115B7, NET_UC_REFUSED},  /* Cn */
    {0x115B8, 0x115C0, NET_UC_MARK},     /* Mc Mn */
    {0x115DC, 0x115DD, NET_UC_MARK},     /* Mn */
    {0x115DE, 0x115FF, NET_UC_REFUSED},  /* Cn */
    {0x11630, 0x11640, NET_UC_MARK},     /* Mc Mn */
    {0x11645, 0x1164F, NET_UC_REFUSED},  /* Cn */
    {0x1165A, 0x1165F, NET_UC_REFUSED},  /* Cn */
    {0x1166D, 0x1167F, NET_UC_REFUSED},  /* Cn */
    {0x116AB, 0x116B7, NET_UC_MARK},     /* Mc Mn */
    {0x116BA, 0x116BF, NET_UC_REFUSED},  /* Cn */
    {0x116CA, 0x116FF, NET_UC_REFUSED},  /* Cn */
    {0x1171B, 0x1171C, NET_UC_REFUSED},  /* Cn */
    {0x1171D, 0x1172B, NET_UC_MARK},     /* Mc Mn */
    {0x1172C, 0x1172F, NET_UC_REFUSED},  /* Cn */
    {0x11747, 0x117FF, NET_UC_REFUSED},  /* Cn */
    {0x1182C, 0x1183A, NET_UC_MARK},     /* Mc Mn */
    {0x1183C, 0x1189F, NET_UC_REFUSED},  /* Cn */
    {0x118F3, 0x118FE, NET_UC_REFUSED},  /* Cn */
    {0x11907, 0x11908, NET_UC_REFUSED},  /* Cn */
    {0x1190A, 0x1190B, NET_UC_REFUSED},  /* Cn */
    {0x11914, 0x11914, NET_UC_REFUSED},  /* Cn */
    {0x11917, 0x11917, NET_UC_REFUSED},  /* Cn */
    {0x11930, 0x11935, NET_UC_MARK},     /* Mc */
    {0x11936, 0x11936, NET_UC_REFUSED},  /* Cn */
    {0x11937, 0x11938, NET_UC_MARK},     /* Mc */
    {0x11939, 0x1193A, NET_UC_REFUSED},  /* Cn */
    {0x1193B, 0x1193E, NET_UC_MARK},     /* Mc Mn */
    {0x11940, 0x11940, NET_UC_MARK},     /* Mc */
    {0x11942, 0x11943, NET_UC_MARK},     /* Mc Mn */
    {0x11947, 0x1194F, NET_UC_REFUSED},  /* Cn */
    {0x1195A, 0x1199F, NET_UC_REFUSED},  /* Cn */
    {0x119A8, 0x119A9, NET_UC_REFUSED},  /* Cn */
    {0x119D1, 0x119D7, NET_UC_MARK},     /* Mc Mn */
    {0x119D8, 0x119D9, NET_UC_REFUSED},  /* Cn */
    {0x119DA, 0x119E0, NET_UC_MARK},     /* Mc Mn */
    {0x119E4, 0x119E4, NET_UC_MARK},     /* Mc */
    {0x119E5, 0x119FF, NET_UC_REFUSED},  /* Cn */
    {0x11A01, 0x11A0A, NET_UC_MARK},     /* Mn */
    {0x11A33, 0x11A39, NET_UC_MARK},     /* Mc Mn */
    {0x11A3B, 0x11A3E, NET_UC_MARK},     /* Mn */
    {0x11A47, 0x11A47, NET_UC_MARK},     /* Mn */
    {0x11A48, 0x11A4F, NET_UC_REFUSED},  /* Cn */
    {0x11A51, 0x11A5B, NET_UC_MARK},     /* Mc Mn */
    {0x11A8A, 0x11A99, NET_UC_MARK},     /* Mc Mn */
    {0x11AA3, 0x11AAF, NET_UC_REFUSED},  /* Cn */
    {0x11AF9, 0x11BFF, NET_UC_REFUSED},  /* Cn */
    {0x11C09, 0x11C09, NET_UC_REFUSED},  /* Cn */
    {0x11C2F, 0x11C36, NET_UC_MARK},     /* Mc Mn */
    {0x11C37, 0x11C37, NET_UC_REFUSED},  /* Cn */
    {0x11C38, 0x11C3F, NET_UC_MARK},     /* Mc Mn */
    {0x11C46, 0x11C4F, NET_UC_REFUSED},  /* Cn */
    {0x11C6D, 0x11C6F, NET_UC_REFUSED},  /* Cn */
    {0x11C90, 0x11C91, NET_UC_REFUSED},  /* Cn */
    {0x11C92, 0x11CA7, NET_UC_MARK},     /* Mn */
    {0x11CA8, 0x11CA8, NET_UC_REFUSED},  /* Cn */
    {0x11CA9, 0x11CB6, NET_UC_MARK},     /* Mc Mn */
    {0x11CB7, 0x11CFF, NET_UC_REFUSED},  /* Cn */
    {0x11D07, 0x11D07, NET_UC_REFUSED},  /* Cn */
    {0x11D0A, 0x11D0A, NET_UC_REFUSED},  /* Cn */
    {0x11D31, 0x11D36, NET_UC_MARK},     /* Mn */
    {0x11D37, 0x11D39, NET_UC_REFUSED},  /* Cn */
    {0x11D3A, 0x11D3A, NET_UC_MARK},     /* Mn */
    {0x11D3B, 0x11D3B, NET_UC_REFUSED},  /* Cn */
    {0x11D3C, 0x11D3D, NET_UC_MARK},     /* Mn */
    {0x11D3E, 0x11D3E, NET_UC_REFUSED},  /* Cn */
    {0x11D3F, 0x11D45, NET_UC_MARK},     /* Mn */
    {0x11D47, 0x11D47, NET_UC_MARK},     /* Mn */
    {0x11D48, 0x11D4F, NET_UC_REFUSED},  /* Cn */
    {0x11D5A, 0x11D5F, NET_UC_REFUSED},  /* Cn */
    {0x11D66, 0x11D66, NET_UC_REFUSED},  /* Cn */
    {0x11D69, 0x11D69, NET_UC_REFUSED},  /* Cn */
    {0x11D8A, 0x11D8E, NET_UC_MARK},     /* Mc */
    {0x11D8F, 0x11D8F, NET_UC_REFUSED},  /* Cn */
    {0x11D90, 0x11D91, NET_UC_MARK},     /* Mn */
    {0x11D92, 0x11D92, NET_UC_REFUSED},  /* Cn */
    {0x11D93, 0x11D97, NET_UC_MARK},     /* Mc Mn */
    {0x11D99, 0x11D9F, NET_UC_REFUSED},  /* Cn */
    {0x11DAA, 0x11EDF, NET_UC_REFUSED},  /* Cn */
    {0x11EF3, 0x11EF6, NET_UC_MARK},     /* Mc Mn */
    {0x11EF9, 0x11FAF, NET_UC_REFUSED},  /* Cn */
    {0x11FB1, 0x11FBF, NET_UC_REFUSED},  /* Cn */
    {0x11FF2, 0x11FFE, NET_UC_REFUSED},  /* Cn */
    {0x1239A, 0x123FF, NET_UC_REFUSED},  /* Cn */
    {0x1246F, 0x1246F, NET_UC_REFUSED},  /* Cn */
    {0x12475, 0x1247F, NET_UC_REFUSED},  /* Cn */
    {0x12544, 0x12F8F, NET_UC_REFUSED},  /* Cn */
    {0x12FF3, 0x12FFF, NET_UC_REFUSED},  /* Cn */
    {0x1342F, 0x143FF, NET_UC_REFUSED},  /* Cf Cn */
    {0x14647, 0x167FF, NET_UC_REFUSED},  /* Cn */
    {0x16A39, 0x16A3F, NET_UC_REFUSED},  /* Cn */
    {0x16A5F, 0x16A5F, NET_UC_REFUSED},  /* Cn */
    {0x16A6A, 0x16A6D, NET_UC_REFUSED},  /* Cn */
    {0x16ABF, 0x16ABF, NET_UC_REFUSED},  /* Cn */
    {0x16ACA, 0x16ACF, NET_UC_REFUSED},  /* Cn */
    {0x16AEE, 0x16AEF, NET_UC_REFUSED},  /* Cn */
    {0x16AF0, 0x16AF4, NET_UC_MARK},     /* Mn */
    {0x16AF6, 0x16AFF, NET_UC_REFUSED},  /* Cn */
    {0x16B30, 0x16B36, NET_UC_MARK},     /* Mn */
    {0x16B46, 0x16B4F, NET_UC_REFUSED},  /* Cn */
    {0x16B5A, 0x16B5A, NET_UC_REFUSED},  /* Cn */
    {0x16B62, 0x16B62, NET_UC_REFUSED},  /* Cn */
    {0x16B78, 0x16B7C, NET_UC_REFUSED},  /* Cn */
    {0x16B90, 0x16E3F, NET_UC_REFUSED},  /* Cn */
    {0x16E9B, 0x16EFF, NET_UC_REFUSED},  /* Cn */
    {0x16F4B, 0x16F4E, NET_UC_REFUSED},  /* Cn */
    {0x16F4F, 0x16F4F, NET_UC_MARK},     /* Mn */
    {0x16F51, 0x16F87, NET_UC_MARK},     /* Mc */
    {0x16F88, 0x16F8E, NET_UC_REFUSED},  /* Cn */
    {0x16F8F, 0x16F92, NET_UC_MARK},     /* Mn */
    {0x16FA0, 0x16FDF, NET_UC_REFUSED},  /* Cn */
    {0x16FE4, 0x16FE4, NET_UC_MARK},     /* Mn */
    {0x16FE5, 0x16FEF, NET_UC_REFUSED},  /* Cn */
    {0x16FF0, 0x16FF1, NET_UC_MARK},     /* Mc */
    {0x16FF2, 0x16FFF, NET_UC_REFUSED},  /* Cn */
    {0x187F8, 0x187FF, NET_UC_REFUSED},  /* Cn */
    {0x18CD6, 0x18CFF, NET_UC_REFUSED},  /* Cn */
    {0x18D09, 0x1AFEF, NET_UC_REFUSED},  /* Cn */
    {0x1AFF4, 0x1AFF4, NET_UC_REFUSED},  /* Cn */
    {0x1AFFC, 0x1AFFC, NET_UC_REFUSED},  /* Cn */
    {0x1AFFF, 0x1AFFF, NET_UC_REFUSED},  /* Cn */
    {0x1B123, 0x1B14F, NET_UC_REFUSED},  /* Cn */
    {0x1B153, 0x1B163, NET_UC_REFUSED},  /* Cn */
    {0x1B168, 0x1B16F, NET_UC_REFUSED},  /* Cn */
    {0x1B2FC, 0x1BBFF, NET_UC_REFUSED},  /* Cn */
    {0x1BC6B, 0x1BC6F, NET_UC_REFUSED},  /* Cn */
    {0x1BC7D, 0x1BC7F, NET_UC_REFUSED},  /* Cn */
    {0x1BC89, 0x1BC8F, NET_UC_REFUSED},  /* Cn */
    {0x1BC9A, 0x1BC9B, NET_UC_REFUSED},  /* Cn */
    {0x1BC9D, 0x1BC9E, NET_UC_MARK},     /* Mn */
    {0x1BCA0, 0x1CEFF, NET_UC_REFUSED},  /* Cf Cn */
    {0x1CF00, 0x1CF2D, NET_UC_MARK},     /* Mn */
    {0x1CF2E, 0x1CF2F, NET_UC_REFUSED},  /* Cn */
    {0x1CF30, 0x1CF46, NET_UC_MARK},     /* Mn */
    {0x1CF47, 0x1CF4F, NET_UC_REFUSED},  /* Cn */
    {0x1CFC4, 0x1CFFF, NET_UC_REFUSED},  /* Cn */
    {0x1D0F6, 0x1D0FF, NET_UC_REFUSED},  /* Cn */
    {0x1D127, 0x1D128, NET_UC_REFUSED},  /* Cn */
    {0x1D159, 0x1D159, NET_UC_SPACE},    /* So */
    {0x1D165, 0x1D169, NET_UC_MARK},     /* Mc Mn */
    {0x1D16D, 0x1D172, NET_UC_MARK},     /* Mc */
    {0x1D173, 0x1D17A, NET_UC_REFUSED},  /* Cf */
    {0x1D17B, 0x1D182, NET_UC_MARK},     /* Mn */
    {0x1D185, 0x1D18B, NET_UC_MARK},     /* Mn */
    {0x1D1AA, 0x1D1AD, NET_UC_MARK},     /* Mn */
    {0x1D1EB, 0x1D1FF, NET_UC_REFUSED},  /* Cn */
    {0x1D242, 0x1D244, NET_UC_MARK},     /* Mn */
    {0x1D246, 0x1D2DF, NET_UC_REFUSED},  /* Cn */
    {0x1D2F4, 0x1D2FF, NET_UC_REFUSED},  /* Cn */
    {0x1D357, 0x1D35F, NET_UC_REFUSED},  /* Cn */
    {0x1D379, 0x1D3FF, NET_UC_REFUSED},  /* Cn */
    {0x1D455, 0x1D455, NET_UC_REFUSED},  /* Cn */
    {0x1D49D, 0x1D49D, NET_UC_REFUSED},  /* Cn */
    {0x1D4A0, 0x1D4A1, NET_UC_REFUSED},  /* Cn */
    {0x1D4A3, 0x1D4A4, NET_UC_REFUSED},  /* Cn */
    {0x1D4A7, 0x1D4A8, NET_UC_REFUSED},  /* Cn */
    {0x1D4AD, 0x1D4AD, NET_UC_REFUSED},  /* Cn */
    {0x1D4BA, 0x1D4BA, NET_UC_REFUSED},  /* Cn */
    {0x1D4BC, 0x1D4BC, NET_UC_REFUSED},  /* Cn */
    {0x1D4C4, 0x1D4C4, NET_UC_REFUSED},  /* Cn */
    {0x1D506, 0x1D506, NET_UC_REFUSED},  /* Cn */
    {0x1D50B, 0x1D50C, NET_UC_REFUSED},  /* Cn */
    {0x1D515, 0x1D515, NET_UC_REFUSED},  /* Cn */
    {0x1D51D, 0x1D51D, NET_UC_REFUSED},  /* Cn */
    {0x1D53A, 0x1D53A, NET_UC_REFUSED},  /* Cn */
    {0x1D53F, 0x1D53F, NET_UC_REFUSED},  /* Cn */
    {0x1D545, 0x1D545, NET_UC_REFUSED},  /* Cn */
    {0x1D547, 0x1D549, NET_UC_REFUSED},  /* Cn */
    {0x1D551, 0x1D551, NET_UC_REFUSED},  /* Cn */
    {0x1D6A6, 0x1D6A7, NET_UC_REFUSED},  /* Cn */
    {0x1D7CC, 0x1D7CD, NET_UC_REFUSED},  /* Cn */
    {0x1DA00, 0x1DA36, NET_UC_MARK},     /* Mn */
    {0x1DA3B, 0x1DA6C, NET_UC_MARK},     /* Mn */
    {0x1DA75, 0x1DA75, NET_UC_MARK},     /* Mn */
    {0x1DA84, 0x1DA84, NET_UC_MARK},     /* Mn */
    {0x1DA8C, 0x1DA9A, NET_UC_REFUSED},  /* Cn */
    {0x1DA9B, 0x1DA9F, NET_UC_MARK},     /* Mn */
    {0x1DAA0, 0x1DAA0, NET_UC_REFUSED},  /* Cn */
    {0x1DAA1, 0x1DAAF, NET_UC_MARK},     /* Mn */
    {0x1DAB0, 0x1DEFF, NET_UC_REFUSED},  /* Cn */
    {0x1DF1F, 0x1DFFF, NET_UC_REFUSED},  /* Cn */
    {0x1E000, 0x1E006, NET_UC_MARK},     /* Mn */
    {0x1E007, 0x1E007, NET_UC_REFUSED},  /* Cn */
    {0x1E008, 0x1E018, NET_UC_MARK},     /* Mn */
    {0x1E019, 0x1E01A, NET_UC_REFUSED},  /* Cn */
    {0x1E01B, 0x1E021, NET_UC_MARK},     /* Mn */
    {0x1E022, 0x1E022, NET_UC_REFUSED},  /* Cn */
    {0x1E023, 0x1E024, NET_UC_MARK},     /* Mn */
    {0x1E025, 0x1E025, NET_UC_REFUSED},  /* Cn */
    {0x1E026, 0x1E02A, NET_UC_MARK},     /* Mn */
    {0x1E02B, 0x1E0FF, NET_UC_REFUSED},  /* Cn */
    {0x1E12D, 0x1E12F, NET_UC_REFUSED},  /* Cn */
    {0x1E130, 0x1E136, NET_UC_MARK},     /* Mn */
    {0x1E13E, 0x1E13F, NET_UC_REFUSED},  /* Cn */
    {0x1E14A, 0x1E14D, NET_UC_REFUSED},  /* Cn */
    {0x1E150, 0x1E28F, NET_UC_REFUSED},  /* Cn */
    {0x1E2AE, 0x1E2AE, NET_UC_MARK},     /* Mn */
    {0x1E2AF, 0x1E2BF, NET_UC_REFUSED},  /* Cn */
    {0x1E2EC, 0x1E2EF, NET_UC_MARK},     /* Mn */
    {0x1E2FA, 0x1E2FE, NET_UC_REFUSED},  /* Cn */
    {0x1E300, 0x1E7DF, NET_UC_REFUSED},  /* Cn */
    {0x1E7E7, 0x1E7E7, NET_UC_REFUSED},  /* Cn */
    {0x1E7EC, 0x1E7EC, NET_UC_REFUSED},  /* Cn */
    {0x1E7EF, 0x1E7EF, NET_UC_REFUSED},  /* Cn */
    {0x1E7FF, 0x1E7FF, NET_UC_REFUSED},  /* Cn */
    {0x1E8C5, 0x1E8C6, NET_UC_REFUSED},  /* Cn */
    {0x1E8D0, 0x1E8D6, NET_UC_MARK},     /* Mn */
    {0x1E8D7, 0x1E8FF, NET_UC_REFUSED},  /* Cn */
    {0x1E944, 0x1E94A, NET_UC_MARK},     /* Mn */
    {0x1E94C, 0x1E94F, NET_UC_REFUSED},  /* Cn */
    {0x1E95A, 0x1E95D, NET_UC_REFUSED},  /* Cn */
    {0x1E960, 0x1EC70, NET_UC_REFUSED},  /* Cn */
    {0x1ECB5, 0x1ED00, NET_UC_REFUSED},  /* Cn */
    {0x1ED3E, 0x1EDFF, NET_UC_REFUSED},  /* Cn */
    {0x1EE04, 0x1EE04, NET_UC_REFUSED},  /* Cn */
    {0x1EE20, 0x1EE20, NET_UC_REFUSED},  /* Cn */
    {0x1EE23, 0x1EE23, NET_UC_REFUSED},  /* Cn */
    {0x1EE25, 0x1EE26, NET_UC_REFUSED},  /* Cn */
    {0x1EE28, 0x1EE28, NET_UC_REFUSED},  /* Cn */
    {0x1EE33, 0x1EE33, NET_UC_REFUSED},  /* Cn */
    {0x1EE38, 0x1EE38, NET_UC_REFUSED},  /* Cn */
    {0x1EE3A, 0x1EE3A, NET_UC_REFUSED},  /* Cn */
    {0x1EE3C, 0x1EE41, NET_UC_REFUSED},  /* Cn */
    {0x1EE43, 0x1EE46, NET_UC_REFUSED},  /* Cn */
    {0x1EE48, 0x1EE48, NET_UC_REFUSED},  /* Cn */
    {0x1EE4A, 0x1EE4A, NET_UC_REFUSED},  /* Cn */
    {0x1EE4C, 0x1EE4C, NET_UC_REFUSED},  /* Cn */
    {0x1EE50, 0x1EE50, NET_UC_REFUSED},  /* Cn */
    {0x1EE53, 0x1EE53, NET_UC_REFUSED},  /* Cn */
    {0x1EE55, 0x1EE56, NET_UC_REFUSED},  /* Cn */
    {0x1EE58, 0x1EE58, NET_UC_REFUSED},  /* Cn */
    {0x1EE5A, 0x1EE5A, NET_UC_REFUSED},  /* Cn */
    {0x1EE5C, 0x1EE5C, NET_UC_REFUSED},  /* Cn */
    {0x1EE5E, 0x1EE5E, NET_UC_REFUSED},  /* Cn */
    {0x1EE60, 0x1EE60, NET_UC_REFUSED},  /* Cn */
    {0x1EE63, 0x1EE63, NET_UC_REFUSED},  /* Cn */
    {0x1EE65, 0x1EE66, NET_UC_REFUSED},  /* Cn */
    {0x1EE6B, 0x1EE6B, NET_UC_REFUSED},  /* Cn */
    {0x1EE73, 0x1EE73, NET_UC_REFUSED},  /* Cn */
    {0x1EE78, 0x1EE78, NET_UC_REFUSED},  /* Cn */
    {0x1EE7D, 0x1EE7D, NET_UC_REFUSED},  /* Cn */
    {0x1EE7F, 0x1EE7F, NET_UC_REFUSED},  /* Cn */
    {0x1EE8A, 0x1EE8A, NET_UC_REFUSED},  /* Cn */
    {0x1EE9C, 0x1EEA0, NET_UC_REFUSED},  /* Cn */
    {0x1EEA4, 0x1EEA4, NET_UC_REFUSED},  /* Cn */
    {0x1EEAA, 0x1EEAA, NET_UC_REFUSED},  /* Cn */
    {0x1EEBC, 0x1EEEF, NET_UC_REFUSED},  /* Cn */
    {0x1EEF2, 0x1EFFF, NET_UC_REFUSED},  /* Cn */
    {0x1F02C, 0x1F02F, NET_UC_REFUSED},  /* Cn */
    {0x1F094, 0x1F09F, NET_UC_REFUSED},  /* Cn */
    {0x1F0AF, 0x1F0B0, NET_UC_REFUSED},  /* Cn */
    {0x1F0C0, 0x1F0C0, NET_UC_REFUSED},  /* Cn */
    {0x1F0D0, 0x1F0D0, NET_UC_REFUSED},  /* Cn */
    {0x1F0F6, 0x1F0FF, NET_UC_REFUSED},  /* Cn */
    {0x1F1AE, 0x1F1E5, NET_UC_REFUSED},  /* Cn */
    {0x1F203, 0x1F20F, NET_UC_REFUSED},  /* Cn */
    {0x1F23C, 0x1F23F, NET_UC_REFUSED},  /* Cn */
    {0x1F249, 0x1F24F, NET_UC_REFUSED},  /* Cn */
    {0x1F252, 0x1F25F, NET_UC_REFUSED},  /* Cn */
    {0x1F266, 0x1F2FF, NET_UC_REFUSED},  /* Cn */
    {0x1F6D8, 0x1F6DC, NET_UC_REFUSED},  /* Cn */
    {0x1F6ED, 0x1F6EF, NET_UC_REFUSED},  /* Cn */
    {0x1F6FD, 0x1F6FF, NET_UC_REFUSED},  /* Cn */
    {0x1F774, 0x1F77F, NET_UC_REFUSED},  /* Cn */
    {0x1F7D9, 0x1F7DF, NET_UC_REFUSED},  /* Cn */
    {0x1F7EC, 0x1F7EF, NET_UC_REFUSED},  /* Cn */
    {0x1F7F1, 0x1F7FF, NET_UC_REFUSED},  /* Cn */
    {0x1F80C, 0x1F80F, NET_UC_REFUSED},  /* Cn */
    {0x1F848, 0x1F84F, NET_UC_REFUSED},  /* Cn */
    {0x1F85A, 0x1F85F, NET_UC_REFUSED},  /* Cn */
    {0x1F888, 0x1F88F, NET_UC_REFUSED},  /* Cn */
    {0x1F8AE, 0x1F8AF, NET_UC_REFUSED},  /* Cn */
    {0x1F8B2, 0x1F8FF, NET_UC_REFUSED},  /* Cn */
    {0x1FA54, 0x1FA5F, NET_UC_REFUSED},  /* Cn */
    {0x1FA6E, 0x1FA6F, NET_UC_REFUSED},  /* Cn */
    {0x1FA75, 0x1FA77, NET_UC_REFUSED},  /* Cn */
    {0x1FA7D, 0x1FA7F, NET_UC_REFUSED},  /* Cn */
    {0x1FA87, 0x1FA8F, NET_UC_REFUSED},  /* Cn */
    {0x1FAAD, 0x1FAAF, NET_UC_REFUSED},  /* Cn */
    {0x1FABB, 0x1FABF, NET_UC_REFUSED},  /* Cn */
    {0x1FAC6, 0x1FACF, NET_UC_REFUSED},  /* Cn */
    {0x1FADA, 0x1FADF, NET_UC_REFUSED},  /* Cn */
    {0x1FAE8, 0x1FAEF, NET_UC_REFUSED},  /* Cn */
    {0x1FAF7, 0x1FAFF, NET_UC_REFUSED},  /* Cn */
    {0x1FB93, 0x1FB93, NET_UC_REFUSED},  /* Cn */
    {0x1FBCB, 0x1FBEF, NET_UC_REFUSED},  /* Cn */
    {0x1FBFA, 0x1FFFF, NET_UC_REFUSED},  /* Cn */
    {0x2A6E0, 0x2A6FF, NET_UC_REFUSED},  /* Cn */
    {0x2B739, 0x2B73F, NET_UC_REFUSED},  /* Cn */
    {0x2B81E, 0x2B81F, NET_UC_REFUSED},  /* Cn */
    {0x2CEA2, 0x2CEAF, NET_UC_REFUSED},  /* Cn */
    {0x2EBE1, 0x2F7FF, NET_UC_REFUSED},  /* Cn */
    {0x2FA1E, 0x2FFFF, NET_UC_REFUSED},  /* Cn */
    {0x3134B, 0xE00FF, NET_UC_REFUSED},  /* Cf Cn */
    {0xE0100, 0xE01EF, NET_UC_SELECTOR}, /* Mn */
    {0xE01F0, 0x10FFFF, NET_UC_REFUSED}, /* Cn Co */
};

const size_t net_uc_nranges = sizeof net_uc_ranges / sizeof *net_uc_ranges;
