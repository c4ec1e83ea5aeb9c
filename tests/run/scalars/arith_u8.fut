-- u8 arithmetic: + - * wrap around on overflow; / and % round towards
-- negative infinity, // and %% towards zero.
-- ==
-- input { 7u8 2u8 }
-- output { 9u8 5u8 14u8 3u8 1u8 3u8 1u8 }
-- input { 255u8 2u8 }
-- output { 1u8 253u8 254u8 127u8 1u8 127u8 1u8 }
-- input { 0u8 1u8 }
-- output { 1u8 255u8 0u8 0u8 0u8 0u8 0u8 }
-- input { 200u8 3u8 }
-- output { 203u8 197u8 88u8 66u8 2u8 66u8 2u8 }
-- input { 255u8 255u8 }
-- output { 254u8 0u8 1u8 1u8 0u8 1u8 0u8 }
-- input { 128u8 2u8 }
-- output { 130u8 126u8 0u8 64u8 0u8 64u8 0u8 }

def main (a: u8) (b: u8) : (u8, u8, u8, u8, u8, u8, u8) =
  (a + b, a - b, a * b, a / b, a % b, a // b, a %% b)
