-- Integer division and modulo by zero fail at run time (signed, unsigned,
-- truncating, inside a SOAC); float division by zero yields infinity.
-- ==
-- entry: main
-- input { 1i32 0i32 }
-- error: division by zero
-- input { 7i32 2i32 }
-- output { 3i32 }

-- ==
-- entry: modulo
-- input { 1i32 0i32 }
-- error: division by zero
-- input { -7i32 2i32 }
-- output { 1i32 }

-- ==
-- entry: quot
-- input { 5i64 0i64 }
-- error: division by zero

-- ==
-- entry: unsigned
-- input { 5u8 0u8 }
-- error: division by zero

-- ==
-- entry: in_reduce
-- input { [1i32, 0i32, 2i32] }
-- error: division by zero
-- input { [1i32, 3i32, 200i32] }
-- output { 133i32 }

-- ==
-- entry: float
-- input { 1.0f32 }
-- output { f32.inf }

def main (a: i32) (b: i32) = a / b

entry modulo (a: i32) (b: i32) = a % b

entry quot (a: i64) (b: i64) = (a // b, a %% b)

entry unsigned (a: u8) (b: u8) = a / b

entry in_reduce (xs: []i32) = reduce (+) 0 (map (100 /) xs)

-- Float division by zero is not an error.
entry float (a: f32) = a / 0
