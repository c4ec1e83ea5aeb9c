-- Record patterns in parameters (with field punning and wildcards), updates,
-- record types whose fields are written in another order.
-- ==
-- entry: main
-- input { 2i64 3i64 }
-- output { 6i64 [98u8, 111u8, 120u8] 3.0f32 12.0f32 }
-- input { 0i64 5i64 }
-- output { 0i64 [98u8, 111u8, 120u8] 0.0f32 0.0f32 }

-- ==
-- entry: reorder
-- input { 3i32 }
-- output { 3i32 true }
-- input { -3i32 }
-- output { -3i32 false }

-- Record patterns in function parameters, records with many fields, and
-- record types written in different field orders.
type~ config = {width: i64, height: i64, scale: f32, name: []u8}

def area ({width, height, scale = _, name = _}: config) = width * height

def describe (c: config) = (c.name, f32.i64 (area c) * c.scale)

def main (w: i64) (h: i64) =
  let c : config = {name = "box", scale = 0.5, height = h, width = w}
  let c2 = c with scale = 2
  in (area c, describe c, (describe c2).1)

entry reorder (x: i32) =
  let r : {b: bool, a: i32} = {a = x, b = x > 0}
  let s : {a: i32, b: bool} = r
  in (s.a, s.b)
