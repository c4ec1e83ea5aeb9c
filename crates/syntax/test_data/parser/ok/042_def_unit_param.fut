-- The unit pattern as a parameter.
def make_zero () = 0i32
def use_zero = make_zero ()
def unit_value : () = ()
def ignore_unit (() : ()) (x: i32) = x
