; CekiDesk's Windows installer (Inno Setup 6), made from the one-folder bundle of packaging/cekidesk.spec:
;
;   iscc /DAppVersion=0.1.0 /DBundleDir=dist\CekiDesk /DIconFile=build\cekidesk.ico /DOutputDir=dist ^
;        packaging\windows\cekidesk.iss
;
; writes dist\CekiDesk-<version>-windows-x64-setup.exe.  .github/workflows/bundles.yml runs it on the
; Windows runner with the version of the package (cekidesk/__init__.py) and the icon rendered from
; resources/icons/cekidesk.svg (packaging/linux/make_icons.py --ico).  The paths are relative to this file.
;
; A per-user install: no administrator rights (PrivilegesRequired=lowest), into the user's programs
; folder ({autopf} is {userpf} then, %LOCALAPPDATA%\Programs), with a Start-menu entry, an optional
; desktop icon, and the .cekisave file type opening with CekiDesk ("%1": the file double-clicked).
; Someone who chooses "install for all users" in the dialog gets {commonpf} and HKLM instead (HKA).
; The uninstaller removes the program, the shortcuts and the file type; the player's games and
; settings (%APPDATA%\CekiDesk) stay.

#ifndef AppVersion
  #error Give the version: iscc /DAppVersion=<the version of cekidesk/__init__.py> ...
#endif
#ifndef BundleDir
  #define BundleDir "..\..\dist\CekiDesk"
#endif
#ifndef IconFile
  #define IconFile "..\..\build\cekidesk.ico"
#endif
#ifndef OutputDir
  #define OutputDir "..\..\dist"
#endif

#define AppName "CekiDesk"
#define AppExe "cekidesk.exe"
; the file type: its extension, its ProgID (the app id of packaging/linux and macOS, and the type's)
#define SaveExt ".cekisave"
#define SaveProgId "io.github.cekidesk.cekisave"

[Setup]
; AppId names the installation for updates and the uninstaller: never change it
AppId={{5C0E7B7A-3C1D-4E5B-9A4F-CEC1DE5C0001}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=The CekiDesk developers
AppPublisherURL=https://github.com/cekidesk/CekiDesk
AppSupportURL=https://github.com/cekidesk/CekiDesk/issues
VersionInfoVersion={#AppVersion}
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
LicenseFile=..\..\LICENSE
OutputDir={#OutputDir}
OutputBaseFilename={#AppName}-{#AppVersion}-windows-x64-setup
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

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
Root: HKA; Subkey: "Software\Classes\{#SaveProgId}"; ValueType: string; ValueName: ""; ValueData: "CekiDesk saved game"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\{#SaveProgId}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"",0"
Root: HKA; Subkey: "Software\Classes\{#SaveProgId}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" ""%1"""
; "Open with" lists CekiDesk for saved games
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: "{#SaveExt}"; ValueData: ""; Flags: uninsdeletekey

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
