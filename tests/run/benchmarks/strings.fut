-- String processing on []u8: word count, upper-casing, palindromes,
-- character counts, parsing digits, a Caesar cipher; character literals.
-- ==
-- entry: word_count
-- input { [104u8, 101u8, 108u8, 108u8, 111u8, 32u8, 119u8, 111u8, 114u8, 108u8, 100u8] }
-- output { 2i64 }
-- input { [32u8, 32u8, 97u8, 32u8, 32u8, 98u8, 32u8, 99u8, 32u8] }
-- output { 3i64 }
-- input { empty([0]u8) }
-- output { 0i64 }
-- input { [111u8, 110u8, 101u8] }
-- output { 1i64 }

-- ==
-- entry: upper
-- input { [72u8, 101u8, 108u8, 108u8, 111u8, 44u8, 32u8, 87u8, 111u8, 114u8, 108u8, 100u8, 33u8] }
-- output { [72u8, 69u8, 76u8, 76u8, 79u8, 44u8, 32u8, 87u8, 79u8, 82u8, 76u8, 68u8, 33u8] }
-- input { [97u8, 98u8, 99u8, 32u8, 120u8, 121u8, 122u8] }
-- output { [65u8, 66u8, 67u8, 32u8, 88u8, 89u8, 90u8] }

-- ==
-- entry: palindrome
-- input { [114u8, 97u8, 99u8, 101u8, 99u8, 97u8, 114u8] }
-- output { true }
-- input { [97u8, 98u8] }
-- output { false }
-- input { [120u8] }
-- output { true }
-- input { [97u8, 98u8, 98u8, 97u8] }
-- output { true }

-- ==
-- entry: count_char
-- input { 97u8 [98u8, 97u8, 110u8, 97u8, 110u8, 97u8] }
-- output { 3i64 }

-- ==
-- entry: parse
-- input { [49u8, 50u8, 51u8, 52u8, 53u8] }
-- output { 12345i64 }
-- input { [48u8] }
-- output { 0i64 }
-- input { [57u8, 48u8, 48u8, 48u8, 48u8, 48u8, 48u8, 48u8, 48u8, 48u8] }
-- output { 9000000000i64 }

-- ==
-- entry: caesar
-- input { 3u8 [120u8, 121u8, 122u8, 32u8, 97u8, 98u8, 99u8, 33u8] }
-- output { [97u8, 98u8, 99u8, 32u8, 100u8, 101u8, 102u8, 33u8] }

def is_space (c: u8) = c == ' ' || c == '\n' || c == '\t'

-- Number of words: positions where a non-space follows a space (or the start).
entry word_count (s: []u8) =
  i64.sum (map2 (\i c -> i64.bool (!(is_space c) && (i == 0 || is_space s[i - 1]))) (indices s) s)

entry upper (s: []u8) = map (\c -> if c >= 'a' && c <= 'z' then c - 32 else c) s

entry palindrome (s: []u8) = and (map2 (==) s (reverse s))

entry count_char (c: u8) (s: []u8) = length (filter (== c) s)

-- Parse a decimal number from ASCII digits.
entry parse (s: []u8) = foldl (\acc c -> acc * 10 + i64.u8 (c - '0')) 0 s

-- Caesar cipher on lowercase letters.
entry caesar (k: u8) (s: []u8) =
  map (\c -> if c >= 'a' && c <= 'z' then 'a' + (c - 'a' + k) % 26 else c) s
