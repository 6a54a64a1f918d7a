/*
 * Built against the installed libfourway-pager-dev with
 * cc version.c $(pkg-config --cflags --libs fourway-pager): prints the header's
 * FW_PAGER_VERSION and the library's fw_pager_version(), and pages once, so
 * Tests/package/run sees the packaged header and library agree and work.
 */
#include <fourway/pager.h>
#include <stdio.h>

int main(void) {
    fw_pager *pager = fw_pager_create(800, 600, FW_PAGES_INFINITE, 3);
    if (!pager) {
        fprintf(stderr, "version: fw_pager_create failed\n");
        return 1;
    }
    fw_pager_destroy(pager);
    printf("%s %s\n", FW_PAGER_VERSION, fw_pager_version());
    return 0;
}
