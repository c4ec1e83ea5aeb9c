-- u32 arithmetic: + - * wrap around on overflow; / and % round towards
-- negative infinity, // and %% towards zero.
-- ==
-- input { 7u32 2u32 }
-- output { 9u32 5u32 14u32 3u32 1u32 3u32 1u32 }
-- input { 4294967295u32 2u32 }
-- output { 1u32 4294967293u32 4294967294u32 2147483647u32 1u32 2147483647u32 1u32 }
-- input { 0u32 1u32 }
-- output { 1u32 4294967295u32 0u32 0u32 0u32 0u32 0u32 }
-- input { 200u32 3u32 }
-- output { 203u32 197u32 600u32 66u32 2u32 66u32 2u32 }
-- input { 4294967295u32 4294967295u32 }
-- output { 4294967294u32 0u32 1u32 1u32 0u32 1u32 0u32 }
-- input { 2147483648u32 2u32 }
-- output { 2147483650u32 2147483646u32 0u32 1073741824u32 0u32 1073741824u32 0u32 }

def main (a: u32) (b: u32) : (u32, u32, u32, u32, u32, u32, u32) =
  (a + b, a - b, a * b, a / b, a % b, a // b, a %% b)
