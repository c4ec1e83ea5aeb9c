-- Hexadecimal and binary literals combined with type suffixes.
def h8 = 0x7fi8
def h16 = 0x7fffi16
def hu32 = 0xFFFF_FFFFu32
def hu64 = 0x1u64
def b8 = 0b1111_0000u8
def bi64 = 0b101i64
