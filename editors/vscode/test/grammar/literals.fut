-- SYNTAX TEST "source.futhark" "numeric, character and string literals"

  def ints = (42, 1_000_000, 7i8, 300i16, 0i32, 9_000i64, 1u8, 2u16, 3u32, 4u64)
--            ^^ constant.numeric.integer.decimal.futhark
--                ^^^^^^^^^ constant.numeric.integer.decimal.futhark
--                           ^^^ constant.numeric.integer.decimal.futhark
--                                ^^^^^^ constant.numeric.integer.decimal.futhark
--                                        ^^^^ constant.numeric.integer.decimal.futhark
--                                              ^^^^^^^^ constant.numeric.integer.decimal.futhark
--                                                        ^^^ constant.numeric.integer.decimal.futhark
--                                                                         ^^^^ constant.numeric.integer.decimal.futhark

  def radix = (0xFF, 0XdeadBEEFu32, 0xff_ffi64, 0b1010, 0B1111_0000u8, 0rXIV)
--             ^^^^ constant.numeric.integer.hexadecimal.futhark
--                   ^^^^^^^^^^^^^ constant.numeric.integer.hexadecimal.futhark
--                                  ^^^^^^^^^^ constant.numeric.integer.hexadecimal.futhark
--                                              ^^^^^^ constant.numeric.integer.binary.futhark
--                                                      ^^^^^^^^^^^^^ constant.numeric.integer.binary.futhark
--                                                                     ^^^^^ constant.numeric.integer.roman.futhark

  def floats = (1.5, 3.25f32, 1e10, 2.5e-3, 6E+2f64, 7f32, 1_0.0_1f16, 0.5f64)
--              ^^^ constant.numeric.float.decimal.futhark
--                   ^^^^^^^ constant.numeric.float.decimal.futhark
--                            ^^^^ constant.numeric.float.decimal.futhark
--                                  ^^^^^^ constant.numeric.float.decimal.futhark
--                                          ^^^^^^^ constant.numeric.float.decimal.futhark
--                                                   ^^^^ constant.numeric.float.decimal.futhark
--                                                         ^^^^^^^^^^ constant.numeric.float.decimal.futhark
--                                                                     ^^^^^^ constant.numeric.float.decimal.futhark

  def hexfloats = (0x1.fp3, 0x1.8p-1f64, 0XA.Bp+2f32, 0x1_0.0_1P0)
--                 ^^^^^^^ constant.numeric.float.hexadecimal.futhark
--                          ^^^^^^^^^^^ constant.numeric.float.hexadecimal.futhark
--                                       ^^^^^^^^^^^ constant.numeric.float.hexadecimal.futhark
--                                                    ^^^^^^^^^^^ constant.numeric.float.hexadecimal.futhark

  -- A number after '.' is a field index, never a float; digits inside a name are no number.
  def fields = t.0.1 + x1 + x'2
--               ^ constant.numeric.integer.decimal.futhark - constant.numeric.float.decimal.futhark
--                ^ punctuation.accessor.futhark
--                 ^ constant.numeric.integer.decimal.futhark
--                     ^^ - constant.numeric.integer.decimal.futhark
--                          ^^^ - constant.numeric.integer.decimal.futhark string.quoted.single.futhark

  def range = 1..<n
--            ^ constant.numeric.integer.decimal.futhark
--             ^^^ keyword.operator.range.futhark

  def chars = ['a', '\n', '\'', '\\', '\65', '"', ' ']
--             ^ string.quoted.single.futhark punctuation.definition.string.begin.futhark
--             ^^^ string.quoted.single.futhark
--               ^ string.quoted.single.futhark punctuation.definition.string.end.futhark
--                   ^^ string.quoted.single.futhark constant.character.escape.futhark
--                         ^^ string.quoted.single.futhark constant.character.escape.futhark
--                               ^^ string.quoted.single.futhark constant.character.escape.futhark
--                                     ^^^ string.quoted.single.futhark constant.character.escape.futhark
--                                           ^^^ string.quoted.single.futhark - string.quoted.double.futhark
--                                                ^^^ string.quoted.single.futhark

  def strings = "tab\there \"quoted\" \x41\u00e9\U0001F600 \\ \10 end"
--              ^ string.quoted.double.futhark punctuation.definition.string.begin.futhark
--               ^^^ string.quoted.double.futhark - constant.character.escape.futhark
--                  ^^ string.quoted.double.futhark constant.character.escape.futhark
--                         ^^ string.quoted.double.futhark constant.character.escape.futhark
--                                    ^^^^ constant.character.escape.futhark
--                                        ^^^^^^ constant.character.escape.futhark
--                                              ^^^^^^^^^^ constant.character.escape.futhark
--                                                         ^^ constant.character.escape.futhark
--                                                            ^^^ constant.character.escape.futhark
--                                                                   ^ string.quoted.double.futhark punctuation.definition.string.end.futhark

  def bools = (true, false, true')
--             ^^^^ constant.language.boolean.futhark
--                   ^^^^^ constant.language.boolean.futhark
--                          ^^^^^ - constant.language.boolean.futhark
