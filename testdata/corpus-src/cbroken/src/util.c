#include <ctype.h>
#include <string.h>
#include "kv.h"

char *str_trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    int n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

int str_split(char *s, char sep, char **out, int max)
{
    int n = 0;
    char *start = s;
    for (char *p = s; ; p++) {
        if (*p == sep || *p == '\0') {
            int end = (*p == '\0');
            *p = '\0';
            if (n < max)
                out[n++] = start;
            if (end)
                break;
            start = p + 1;
        }
    }
    return n;
}

unsigned char checksum(const char *s, int len)
{
    unsigned char sum = 0;
    for (int i = 0; i < len; i++)
        sum += s[i] * (i + 1);
    return sum;
}
