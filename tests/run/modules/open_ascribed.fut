-- Re-exporting the contents of an ascribed module with `open`.
-- ==
-- entry: main
-- input { 1i32 }
-- output { 2i32 2i32 }
-- input { -5i32 }
-- output { -4i32 -4i32 }

-- `open` in a module body re-exports the opened names, also when the opened
-- module was ascribed a module type.
module type has_f = { val f : i32 -> i32 }

module a : has_f = { def f (x: i32) = x + 1 }

module b = { open a }

module c : has_f = { open a }

def main (x: i32) = (b.f x, c.f x)
