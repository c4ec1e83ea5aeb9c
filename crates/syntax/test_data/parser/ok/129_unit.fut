-- The unit value.
def u = ()
def returns_unit (_: i32) = ()
def unit_in_tuple = ((), 1, ())
def unit_array = [(), ()]
