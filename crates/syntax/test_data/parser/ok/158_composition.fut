-- Function composition operators.
def inc_then_double = (+ 1) >-> (* 2)
def double_then_inc = (+ 1) <-< (* 2)
def three_stages = f32.abs >-> f32.sqrt >-> f32.log
def applied (xs: []i32) = map ((+ 3) >-> (* 4)) xs
