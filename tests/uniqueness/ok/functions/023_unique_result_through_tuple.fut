-- Unique components of a tuple result are fresh; a non-unique one may
-- alias a parameter.
-- ==

def main (xs: []i64) : (*[]i64, []i64, *[]i64) =
  (iota (length xs), xs, map (+ 1) xs)
