-- | Simple statistics and transformations over byte strings.

def is_space (c: u8) : bool = c == ' ' || c == '\t' || c == '\n' || c == '\r'

def is_alpha (c: u8) : bool = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')

def to_lower (c: u8) : u8 = if c >= 'A' && c <= 'Z' then c + ('a' - 'A') else c

-- | A word starts wherever a non-space follows a space or the beginning.
def word_count [n] (s: [n]u8) : i64 =
  let starts =
    map (\i -> !(is_space s[i]) && (i == 0 || is_space s[i - 1])) (iota n)
  in i64.sum (map i64.bool starts)

-- | Frequency of each letter, ignoring case.
def letter_freq [n] (s: [n]u8) : [26]i32 =
  let idx = map (\c -> if is_alpha c then i64.u8 (to_lower c - 'a') else -1) s
  in hist (+) 0 26 idx (replicate n 1)

-- | Is the string a palindrome when only letters are considered?
def palindrome (s: []u8) : bool =
  let cleaned = filter is_alpha s |> map to_lower
  let m = length cleaned
  in all (\i -> cleaned[i] == cleaned[m - 1 - i]) (iota (m / 2))

-- | Shift letters by k places, leaving other bytes untouched.
def caesar (k: u8) (s: []u8) : []u8 =
  map (\c -> if c >= 'a' && c <= 'z' then 'a' + (c - 'a' + k) % 26
             else if c >= 'A' && c <= 'Z' then 'A' + (c - 'A' + k) % 26
             else c)
      s

entry stats (s: []u8) : (i64, [26]i32, bool) =
  (word_count s, letter_freq s, palindrome s)

entry encode (s: []u8) : []u8 = caesar 3 s

entry decode (s: []u8) : []u8 = caesar 23 s

entry banner : []u8 = "text tools\tv1\n"
