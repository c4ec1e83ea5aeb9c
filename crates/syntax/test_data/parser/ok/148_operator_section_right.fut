-- Right sections: the operator with its second operand.
def incs (xs: []i32) = map (+ 1) xs
def halves (xs: []f32) = map (/ 2) xs
def positives (xs: []i32) = map (> 0) xs
def doubled (xs: []i32) = map (* 2) xs
def nonzero (xs: []i32) = map (!= 0) xs
def shifted (xs: []u32) = map (<< 2) xs
def less (xs: []i32) = map (< 5) xs
