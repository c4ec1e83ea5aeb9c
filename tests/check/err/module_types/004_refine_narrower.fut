-- A refinement may not restrict what its parameters may be.
-- ==
-- error: Cannot refine a type
module type boxes = { type box '~a }
module type plain_boxes = boxes with box 'a = [1]a
