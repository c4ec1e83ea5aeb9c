-- A unique parameter of polymorphic type.
-- ==

def put 't (xs: *[]t) (x: t) : *[]t = xs with [0] = x

def main (xs: *[]f32) : []f32 = put xs 1
