def first = 1i32

-- | Documents the module type below; a blank line and an ordinary
-- comment may come between.

-- An ordinary comment.
local module type counter = {
  type t
}

def second = 2i32
