; Tactical's Windows installer (issue 17): per user, no administrator rights.
; Installs the PyInstaller folder (dist\tactical) into %LOCALAPPDATA%\Programs\Tactical, a
; Start menu entry, an uninstaller (Settings > Apps), and "Open with Tactical" for
; encounter logs (.jsonl) and maps (.yaml, .yml) without taking those extensions over.
; User data is not here: autosaved encounters in %LOCALAPPDATA%\Tactical (platformdirs),
; settings and recent files in HKCU\Software\Tactical (QSettings). Upgrading or
; uninstalling leaves them alone.
;
; makensis -DVERSION=0.1.0 -DPAYLOAD=dist\tactical -DOUTFILE=dist\tactical-0.1.0-setup.exe
;          packaging\windows\tactical.nsi
; (`make check-nsis` compiles it on Linux against a stub payload.)

Unicode true
!include "MUI2.nsh"

!ifndef VERSION
  !error "define VERSION, e.g. -DVERSION=0.1.0"
!endif
!ifndef PAYLOAD
  !error "define PAYLOAD: the folder holding tactical.exe and _internal"
!endif
!ifndef OUTFILE
  !define OUTFILE "tactical-${VERSION}-setup.exe"
!endif
!define APP "Tactical"
!define EXE "tactical.exe"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\Tactical"
!define ICON "${__FILEDIR__}\..\icons\tactical.ico"

Name "${APP}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\Tactical"
InstallDirRegKey HKCU "Software\Tactical\Install" "Folder"
RequestExecutionLevel user
SetCompressor /SOLID lzma
VIProductVersion "${VERSION}.0"
VIAddVersionKey "ProductName" "${APP}"
VIAddVersionKey "ProductVersion" "${VERSION}"
VIAddVersionKey "FileDescription" "${APP} installer"
VIAddVersionKey "FileVersion" "${VERSION}"
VIAddVersionKey "LegalCopyright" "Tactical"

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_FINISHPAGE_RUN "$INSTDIR\${EXE}"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

; A file type Windows offers under "Open with": ProgID, icon, command, extensions.
!macro FileType PROGID DESCRIPTION
  WriteRegStr HKCU "Software\Classes\${PROGID}" "" "${DESCRIPTION}"
  WriteRegStr HKCU "Software\Classes\${PROGID}\DefaultIcon" "" "$INSTDIR\${EXE},0"
  WriteRegStr HKCU "Software\Classes\${PROGID}\shell\open\command" "" '"$INSTDIR\${EXE}" "%1"'
!macroend
!macro OpenWith EXT PROGID
  WriteRegStr HKCU "Software\Classes\${EXT}\OpenWithProgids" "${PROGID}" ""
!macroend
!macro NoOpenWith EXT PROGID
  DeleteRegValue HKCU "Software\Classes\${EXT}\OpenWithProgids" "${PROGID}"
!macroend

Section "Tactical" Main
  SetShellVarContext current
  ; an upgrade replaces the program files (user data lives elsewhere, see above)
  RMDir /r "$INSTDIR\_internal"
  SetOutPath "$INSTDIR"
  File /r "${PAYLOAD}\*.*"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  WriteRegStr HKCU "Software\Tactical\Install" "Folder" "$INSTDIR"
  CreateShortcut "$SMPROGRAMS\${APP}.lnk" "$INSTDIR\${EXE}" "" "$INSTDIR\${EXE}" 0

  !insertmacro FileType "Tactical.Encounter" "Tactical encounter log"
  !insertmacro FileType "Tactical.Map" "Tactical map"
  !insertmacro OpenWith ".jsonl" "Tactical.Encounter"
  !insertmacro OpenWith ".yaml" "Tactical.Map"
  !insertmacro OpenWith ".yml" "Tactical.Map"
  WriteRegStr HKCU "Software\Classes\Applications\${EXE}\SupportedTypes" ".jsonl" ""
  WriteRegStr HKCU "Software\Classes\Applications\${EXE}\SupportedTypes" ".yaml" ""
  WriteRegStr HKCU "Software\Classes\Applications\${EXE}\SupportedTypes" ".yml" ""
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'  ; SHCNE_ASSOCCHANGED

  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${APP}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "Tactical"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\${EXE}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
SectionEnd

Section "Uninstall"
  SetShellVarContext current
  Delete "$SMPROGRAMS\${APP}.lnk"
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${EXE}"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"  ; only if empty: never a folder the user put files in
  !insertmacro NoOpenWith ".jsonl" "Tactical.Encounter"
  !insertmacro NoOpenWith ".yaml" "Tactical.Map"
  !insertmacro NoOpenWith ".yml" "Tactical.Map"
  DeleteRegKey HKCU "Software\Classes\Tactical.Encounter"
  DeleteRegKey HKCU "Software\Classes\Tactical.Map"
  DeleteRegKey HKCU "Software\Classes\Applications\${EXE}"
  DeleteRegKey HKCU "Software\Tactical\Install"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
  ; kept: %LOCALAPPDATA%\Tactical (encounters) and HKCU\Software\Tactical\Tactical (settings)
SectionEnd
