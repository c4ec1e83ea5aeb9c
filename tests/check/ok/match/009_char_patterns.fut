-- Character literals as patterns on u8.
-- ==
def is_vowel (c: u8) =
  match c
  case 'a' -> true
  case 'e' -> true
  case 'i' -> true
  case _ -> false
