-- User-defined operators take their fixity from their leading characters.
-- ==
def (a: i32) *. (b: i32) = a * b
def (a: i32) +. (b: i32) = a + b
def r : i32 = 1 +. 2 *. 3
def check = r == 7
