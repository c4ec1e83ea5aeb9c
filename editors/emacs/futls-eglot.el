;;; futls-eglot.el --- futls, the Futhark language server, with Eglot  -*- lexical-binding: t; -*-

;; Load this file from your init file (or copy its forms there), with
;; futls on the PATH and futhark-mode installed (MELPA): Futhark buffers
;; then start Eglot with futls.

;;; Code:

(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs '(futhark-mode . ("futls"))))

(add-hook 'futhark-mode-hook #'eglot-ensure)

(provide 'futls-eglot)
;;; futls-eglot.el ends here
