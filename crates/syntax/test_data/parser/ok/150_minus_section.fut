-- The minus operator as a section.
def differences (xs: []i32) (ys: []i32) = map2 (-) xs ys
def subtract_from (x: i32) (ys: []i32) = map (x -) ys
def qualified_minus (xs: []f32) (ys: []f32) = map2 (f32.-) xs ys
