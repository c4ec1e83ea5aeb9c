-- The empty tuple as a value and as a parameter pattern.
-- ==
def u : () = ()
def three () = 3i32
def x = three ()
