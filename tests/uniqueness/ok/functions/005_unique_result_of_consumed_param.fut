-- A unique result may alias a consumed parameter.
-- ==

def reset (xs: *[]i32) : *[]i32 = xs with [0] = 0

def tail (xs: *[]i32) : *[]i32 = xs[1:]

def main (xs: *[]i32) : []i32 = tail (reset xs)
