-- Left and right operator sections.
-- ==
def doubled [n] (xs: [n]i32) = map (2 *) xs
def halved [n] (xs: [n]i32) = map (/ 2) xs
def from_ten [n] (xs: [n]i32) = map (10 -) xs
