-- A parameter named like the function its own type's size applies.
-- ==
-- input { [1u8, 2u8, 3u8] }
-- output { 2u8 3i64 }

def words (bits: i64) (n: i64) : i64 = (n + bits - 1) / bits

def second_word [n] (words: [words 8 n]u8) : u8 = words[1]

def main (xs: []u8) : (u8, i64) =
  let packed = xs :> [words 8 17]u8
  in (second_word packed, length packed)
