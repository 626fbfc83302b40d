/* An ICU common-data library with an empty table of contents, in place of the 31 MB
 * libicudata that PySide6's Qt links (issue 17: the bundle's budget is 120 MB).
 *
 * Qt Core links ICU for locale-aware collation (QCollator), locale-specific case mapping
 * (QLocale::toUpper) and legacy text codecs; Tactical uses none of them, and Qt falls back
 * to its own Unicode tables when ICU reports missing data. Text layout, line breaking and
 * QString case mapping never touch ICU data. The layout is ICU's own stubdata
 * (icu4c/source/stubdata): a "CmnD" package header that lists no items.
 * Build: cc -shared -fPIC -DENTRY=icudt73_dat -Wl,-soname,libicudata.so.73 -o ... */
#include <stdint.h>

#ifndef ENTRY
#error "define ENTRY as icudt<major>_dat"
#endif

typedef struct {
    uint16_t size, reserved_word;
    uint8_t is_big_endian, charset_family, sizeof_uchar, reserved_byte;
    uint8_t data_format[4], format_version[4], data_version[4];
} data_info;

typedef struct {
    uint16_t header_size;
    uint8_t magic1, magic2;
    data_info info;
    char padding[8];
    uint32_t count, reserved;
    struct { uint32_t name_offset, data_offset; } toc[1];
    int fake_name_and_data[4];
} common_data;

__attribute__((visibility("default"), aligned(16)))
const common_data ENTRY = {
    32, 0xda, 0x27,
    {sizeof(data_info), 0, 0 /* little endian */, 0 /* ASCII */, 2, 0,
     {0x43, 0x6d, 0x6e, 0x44} /* "CmnD" */, {1, 0, 0, 0}, {0, 0, 0, 0}},
    {0}, 0, 0, {{0, 0}}, {0xca, 0xfe, 0xbe, 0xef},
};
