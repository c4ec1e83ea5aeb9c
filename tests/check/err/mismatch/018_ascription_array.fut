-- An array literal is ascribed with the wrong element type.
-- ==
-- error: Expression does not have expected type
def xs = ([1i8, 2, 3] : [3]u8)
