-- | Doc comment on a constant.
def threshold = 0.25f32

-- | Doc comment on a function.
def above (x: f32) = x > threshold

-- | Doc comment on a type.
type score = f32

-- A plain comment, not a doc comment.
def plain = 1
