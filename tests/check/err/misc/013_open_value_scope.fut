-- A locally opened module expression refers to a name the module lacks.
-- ==
-- error: Unknown name "c"
module v = { def a = 1i32 def b = 2i32 }
def r = v.(a + c)
