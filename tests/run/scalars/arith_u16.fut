-- u16 arithmetic: + - * wrap around on overflow; / and % round towards
-- negative infinity, // and %% towards zero.
-- ==
-- input { 7u16 2u16 }
-- output { 9u16 5u16 14u16 3u16 1u16 3u16 1u16 }
-- input { 65535u16 2u16 }
-- output { 1u16 65533u16 65534u16 32767u16 1u16 32767u16 1u16 }
-- input { 0u16 1u16 }
-- output { 1u16 65535u16 0u16 0u16 0u16 0u16 0u16 }
-- input { 200u16 3u16 }
-- output { 203u16 197u16 600u16 66u16 2u16 66u16 2u16 }
-- input { 65535u16 65535u16 }
-- output { 65534u16 0u16 1u16 1u16 0u16 1u16 0u16 }
-- input { 32768u16 2u16 }
-- output { 32770u16 32766u16 0u16 16384u16 0u16 16384u16 0u16 }

def main (a: u16) (b: u16) : (u16, u16, u16, u16, u16, u16, u16) =
  (a + b, a - b, a * b, a / b, a % b, a // b, a %% b)
