-- Character and boolean literal patterns.
def vowel (c: u8) =
  match c
  case 'a' -> true
  case 'e' -> true
  case '\n' -> false
  case _ -> false
def flip (b: bool) = match b case true -> false case false -> true
