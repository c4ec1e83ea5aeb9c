-- A lambda parameter is not unique unless declared so: the first example of
-- the PLDI'17 paper's figure 7 is not allowed in today's language.
-- ==
-- error: Consuming variable "a", which is not consumable

def main (as: *[][]i32) : [][]i32 =
  map (\a -> a with [0] = 2) as
