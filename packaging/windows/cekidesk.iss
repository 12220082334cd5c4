; CekiDesk's Windows installer (Inno Setup 6), made from the one-folder bundle of packaging/cekidesk.spec.
; From the repository root, after the build (README, Building the bundles), in PowerShell:
;
;   python packaging/linux/make_icons.py --ico build/cekidesk.ico
;   iscc (python packaging/windows/winversion.py) packaging\windows\cekidesk.iss
;
; writes dist\CekiDesk-<version>-windows-x64-setup.exe.  winversion.py prints the two options this script
; needs, one a line: /DAppVersion=<the version of cekidesk/__init__.py, PEP 440: 0.2.0rc1> and
; /DFileVersion=<the same as Windows' four numbers: 0.2.0.30199>.  BundleDir (dist\CekiDesk), IconFile
; (build\cekidesk.ico) and OutputDir (dist) may be given too; every relative path here and in those
; options is relative to the repository root (SourceDir below), wherever iscc is run from.
; .github/workflows/bundles.yml runs it on the Windows runner.
;
; A per-user install: no administrator rights (PrivilegesRequired=lowest), into the user's programs
; folder ({autopf} is {userpf} then, %LOCALAPPDATA%\Programs), with a Start-menu entry, an optional
; desktop icon, and the .cekisave file type opening with CekiDesk ("%1": the file double-clicked).
; Someone who chooses "install for all users" in the dialog gets {commonpf} and HKLM instead (HKA).
; The uninstaller removes the program, the shortcuts and the file type; the player's games and
; settings (%APPDATA%\CekiDesk) stay.  In English or in Bahasa Indonesia (packaging/windows/Indonesian.isl),
; chosen by Windows' display language (the language dialog only when neither matches).

#ifndef AppVersion
  #error Give the version: iscc (python packaging/windows/winversion.py) packaging\windows\cekidesk.iss
#endif
#ifndef FileVersion
  #error Give the file version too (four numbers): python packaging/windows/winversion.py prints both options
#endif
#ifndef BundleDir
  #define BundleDir "dist\CekiDesk"
#endif
#ifndef IconFile
  #define IconFile "build\cekidesk.ico"
#endif
#ifndef OutputDir
  #define OutputDir "dist"
#endif

#define AppName "CekiDesk"
#define AppExe "cekidesk.exe"
; the file type: its extension, its ProgID (the app id of packaging/linux and macOS, and the type's)
#define SaveExt ".cekisave"
#define SaveProgId "io.github.cekidesk.cekisave"

[Setup]
; relative paths (the defines above, LicenseFile, MessagesFile) are the repository root's
SourceDir=..\..
; AppId names the installation for updates and the uninstaller: never change it
AppId={{5C0E7B7A-3C1D-4E5B-9A4F-CEC1DE5C0001}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=The CekiDesk developers
AppPublisherURL=https://github.com/cekidesk/CekiDesk
AppSupportURL=https://github.com/cekidesk/CekiDesk/issues
VersionInfoVersion={#FileVersion}
VersionInfoProductVersion={#FileVersion}
VersionInfoTextVersion={#AppVersion}
VersionInfoProductTextVersion={#AppVersion}
VersionInfoProductName={#AppName}
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
ChangesAssociations=yes
SetupIconFile={#IconFile}
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
LicenseFile=LICENSE
OutputDir={#OutputDir}
OutputBaseFilename={#AppName}-{#AppVersion}-windows-x64-setup
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
ShowLanguageDialog=auto

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"
; Inno Setup's English messages under CekiDesk's Indonesian ones: a message missing there stays English
Name: "indonesian"; MessagesFile: "compiler:Default.isl,packaging\windows\Indonesian.isl"

[CustomMessages]
english.SaveTypeName=CekiDesk saved game
indonesian.SaveTypeName=Permainan tersimpan CekiDesk

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#BundleDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Registry]
; .cekisave -> the ProgID (removed at uninstall), and CekiDesk among the programs that open it
Root: HKA; Subkey: "Software\Classes\{#SaveExt}"; ValueType: string; ValueName: ""; ValueData: "{#SaveProgId}"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\{#SaveExt}"; ValueType: string; ValueName: "Content Type"; ValueData: "application/x-cekisave"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\{#SaveExt}\OpenWithProgids"; ValueType: string; ValueName: "{#SaveProgId}"; ValueData: ""; Flags: uninsdeletevalue
; the ProgID: its name, icon and open command (the whole key removed at uninstall)
Root: HKA; Subkey: "Software\Classes\{#SaveProgId}"; ValueType: string; ValueName: ""; ValueData: "{cm:SaveTypeName}"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\{#SaveProgId}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"",0"
Root: HKA; Subkey: "Software\Classes\{#SaveProgId}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" ""%1"""
; "Open with" lists CekiDesk for saved games
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: "{#SaveExt}"; ValueData: ""; Flags: uninsdeletekey

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
