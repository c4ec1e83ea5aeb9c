-- A parameter is declared as an array of functions.
-- ==
-- error: (functional type|lifted type)
def apply_all (fs: [](i32 -> i32)) (x: i32) = fs
