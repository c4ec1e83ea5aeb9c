-- A non-unique parameter may not be passed for a unique one.
-- ==
-- error: Consuming variable "xs", which is not consumable

def fill (xs: *[]i32) : *[]i32 = map (\_ -> 0) xs

def main (xs: []i32) : []i32 = fill xs
